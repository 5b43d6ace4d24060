//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// smConst<>: 0 MaxPoissonMean (2⁵²), 8 50.0 (poissonBatchLimit), 16 the
// integer 8.
DATA smConst<>+0(SB)/8, $0x4330000000000000
DATA smConst<>+8(SB)/8, $0x4049000000000000
DATA smConst<>+16(SB)/8, $8
GLOBL smConst<>(SB), RODATA|NOPTR, $24

// func sortMeansAVX512(mean *float64, m int, bmean *float64, pidx *int32, pm *float64) (np, flags int)
// Per group of eight lanes (K7 those below m): the check (K1 the lanes
// with 0 ≤ mean ≤ 2⁵², ordered, so NaN fails; any other lane: return
// flags 4); the inversion lanes K4 = mean < 50, whose means are stored
// (0 elsewhere) and set flags bit 0 when one is positive; the PTRS lanes
// K5 = K7 ∖ K4, their lanes and means compressed in registers and stored
// whole at slot np.
TEXT ·sortMeansAVX512(SB), NOSPLIT, $0-56
	MOVQ mean+0(FP), SI
	MOVQ m+8(FP), CX
	MOVQ bmean+16(FP), DI
	MOVQ pidx+24(FP), R11
	MOVQ pm+32(FP), R13
	XORQ BX, BX   // np
	XORQ R14, R14 // flags
	VPXORQ       Z24, Z24, Z24
	VBROADCASTSD smConst<>+0(SB), Z25
	VBROADCASTSD smConst<>+8(SB), Z26
	VMOVDQU64    ·laneIota(SB), Z28
	VPBROADCASTQ smConst<>+16(SB), Z29
	TESTQ        CX, CX
	JLE          mdone

mgroup:
	TAILMASK
	VMOVUPD.Z (SI), K7, Z0
	VCMPPD    $0x1d, Z24, Z0, K7, K1
	VCMPPD    $0x12, Z25, Z0, K1, K1
	KXORB     K1, K7, K2
	KORTESTB  K2, K2
	JNZ       mbad

	VCMPPD    $0x11, Z26, Z0, K7, K4
	VMOVAPD.Z Z0, K4, Z6
	VMOVUPD   Z6, (DI)
	VCMPPD    $0x1e, Z24, Z0, K4, K3
	KORTESTB  K3, K3
	JZ        mptrs
	ORQ       $1, R14

mptrs:
	KXORB       K4, K7, K5
	VCOMPRESSPD Z0, K5, Z8
	VMOVUPD     Z8, (R13)(BX*8)
	VPMOVQD     Z28, Y9
	VPCOMPRESSD Z9, K5, Z12
	VMOVDQU     Y12, (R11)(BX*4)
	KMOVB       K5, AX
	POPCNTL     AX, AX
	ADDQ        AX, BX
	VPADDQ      Z29, Z28, Z28
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $8, CX
	JG          mgroup

mdone:
	MOVQ BX, np+40(FP)
	MOVQ R14, flags+48(FP)
	VZEROUPPER
	RET

mbad:
	MOVQ $0, np+40(FP)
	MOVQ $4, flags+48(FP)
	VZEROUPPER
	RET
