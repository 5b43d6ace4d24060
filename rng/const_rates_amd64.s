//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// func constRatesAVX512(r1, r2 *float64, m int) (same int)
// Lane 0's bits broadcast; per group of eight lanes (K7 those below m),
// VPCMPQ not-equal on r1 and on r2 as integers (bits, so −0 ≠ +0 and a
// NaN equals its own bits): any such lane returns 0.
TEXT ·constRatesAVX512(SB), NOSPLIT, $0-32
	MOVQ r1+0(FP), SI
	MOVQ r2+8(FP), DX
	MOVQ m+16(FP), CX
	VPBROADCASTQ (SI), Z20
	VPBROADCASTQ (DX), Z21

cgroup:
	TAILMASK
	VMOVDQU64.Z (SI), K7, Z0
	VMOVDQU64.Z (DX), K7, Z1
	VPCMPQ   $4, Z20, Z0, K7, K1
	VPCMPQ   $4, Z21, Z1, K7, K2
	KORTESTB K1, K2
	JNZ      cdiffer
	ADDQ     $64, SI
	ADDQ     $64, DX
	SUBQ     $8, CX
	JG       cgroup
	MOVQ     $1, same+24(FP)
	VZEROUPPER
	RET

cdiffer:
	MOVQ $0, same+24(FP)
	VZEROUPPER
	RET
