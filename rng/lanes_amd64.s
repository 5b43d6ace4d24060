//go:build amd64 && !purego

#include "textflag.h"

// ·laneIota: the lane indices 0 … 7 of a group of eight (int64), where the
// AVX-512 kernels that compact lanes start their lane counters
// (batch_squeeze_amd64.s, sort_hazards_amd64.s, sort_means_amd64.s,
// sort_probs_amd64.s).
DATA ·laneIota+0(SB)/8, $0
DATA ·laneIota+8(SB)/8, $1
DATA ·laneIota+16(SB)/8, $2
DATA ·laneIota+24(SB)/8, $3
DATA ·laneIota+32(SB)/8, $4
DATA ·laneIota+40(SB)/8, $5
DATA ·laneIota+48(SB)/8, $6
DATA ·laneIota+56(SB)/8, $7
GLOBL ·laneIota(SB), RODATA|NOPTR, $64
