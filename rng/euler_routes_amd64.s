//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// func rareMaxAVX512(leave *int64, rare *float64, m int) (qmax float64, total int64)
// Per group: the total += leave; unless rare is nil (qmax then +0), the
// running maximum of rare over the
// lanes with leave > 0 and rare > 0 (the others +0, so that the result is
// +0 when none is positive, and the maximum of positive shares, exact in
// any order, otherwise); then both reduced across the eight lanes.
TEXT ·rareMaxAVX512(SB), NOSPLIT, $0-40
	MOVQ leave+0(FP), SI
	MOVQ rare+8(FP), DX
	MOVQ m+16(FP), CX
	VPXORQ Z20, Z20, Z20 // zero
	VPXORQ Z21, Z21, Z21 // the maxima
	VPXORQ Z22, Z22, Z22 // the totals

rgroup:
	TAILMASK
	VMOVDQU64.Z (SI), K7, Z0
	VPADDQ      Z0, Z22, Z22
	TESTQ       DX, DX
	JZ          rnext
	VMOVUPD.Z   (DX), K7, Z1
	VPCMPQ      $6, Z20, Z0, K7, K1
	VCMPPD      $0x1e, Z20, Z1, K1, K1
	VMOVAPD.Z   Z1, K1, Z1
	VMAXPD      Z1, Z21, Z21
	ADDQ        $64, DX // only when rare is not nil: DX stays 0 otherwise

rnext:
	ADDQ        $64, SI
	SUBQ        $8, CX
	JG          rgroup

	VEXTRACTI64X4 $1, Z22, Y1
	VPADDQ        Y1, Y22, Y1
	VEXTRACTI128  $1, Y1, X2
	VPADDQ        X2, X1, X1
	VPSHUFD       $0x4e, X1, X2
	VPADDQ        X2, X1, X1
	VMOVQ         X1, total+32(FP)
	VEXTRACTF64X4 $1, Z21, Y1
	VMAXPD        Y1, Y21, Y1
	VEXTRACTF128  $1, Y1, X2
	VMAXPD        X2, X1, X1
	VPERMILPD     $1, X1, X2
	VMAXSD        X2, X1, X1
	VMOVSD        X1, qmax+24(FP)
	VZEROUPPER
	RET

// func reflectRoutesAVX512(first, leave *int64, r1, r2 *float64, m int)
// Per group: first = leave − first in the lanes with r1 > r2 (a masked
// store: the other lanes, and those past m, are left as they are).
TEXT ·reflectRoutesAVX512(SB), NOSPLIT, $0-40
	MOVQ first+0(FP), DI
	MOVQ leave+8(FP), SI
	MOVQ r1+16(FP), DX
	MOVQ r2+24(FP), BX
	MOVQ m+32(FP), CX

fgroup:
	TAILMASK
	VMOVUPD.Z (DX), K7, Z0
	VMOVUPD.Z (BX), K7, Z1
	VCMPPD    $0x1e, Z1, Z0, K7, K1
	KORTESTB  K1, K1
	JZ        fnext
	VMOVDQU64.Z (DI), K1, Z2
	VMOVDQU64.Z (SI), K1, Z3
	VPSUBQ      Z2, Z3, Z3
	VMOVDQU64   Z3, K1, (DI)

fnext:
	ADDQ $64, DI
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, BX
	SUBQ $8, CX
	JG   fgroup
	VZEROUPPER
	RET
