//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// func drawOutAVX512(res, n *int64, reflect *bool, reflects int, out *int64, m int) (sign int64)
// Per group of eight lanes (K7 those below m): sign |= res; where
// reflects and reflect[j] (its bytes widened, tested non-zero), res = n −
// res; a masked store to out. Then sign reduced across the lanes.
TEXT ·drawOutAVX512(SB), NOSPLIT, $0-56
	MOVQ res+0(FP), SI
	MOVQ n+8(FP), DX
	MOVQ reflect+16(FP), R8
	MOVQ reflects+24(FP), BX
	MOVQ out+32(FP), DI
	MOVQ m+40(FP), CX
	VPXORQ Z20, Z20, Z20 // the OR of the values

ogroup:
	TAILMASK
	VMOVDQU64.Z (SI), K7, Z0
	VPORQ       Z0, Z20, Z20
	TESTQ       BX, BX
	JZ          ostore
	VPMOVZXBQ   (R8), Z1
	VPTESTMQ    Z1, Z1, K7, K1
	VMOVDQU64.Z (DX), K1, Z2
	VPSUBQ      Z0, Z2, K1, Z0

ostore:
	VMOVDQU64 Z0, K7, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $8, R8
	ADDQ      $64, DI
	SUBQ      $8, CX
	JG        ogroup

	VEXTRACTI64X4 $1, Z20, Y1
	VPORQ         Y1, Y20, Y1
	VEXTRACTI128  $1, Y1, X2
	VPORQ         X2, X1, X1
	VPSHUFD       $0x4e, X1, X2
	VPORQ         X2, X1, X1
	VMOVQ         X1, sign+48(FP)
	VZEROUPPER
	RET
