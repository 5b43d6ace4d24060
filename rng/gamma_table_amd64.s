//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// gtConst<>: 0 2⁵³, 8 the mask 2⁴⁴ − 1 of U1's fraction bits, 16 the
// mask 2⁴⁵ − 1 of a pick word's threshold, then EXPLANE's constants (as
// powConst<>): 24 log₂ e, 32 1.5·2⁵², 40 ln 2 high, 48 ln 2 low.
DATA gtConst<>+0(SB)/8, $0x4340000000000000
DATA gtConst<>+8(SB)/8, $0x00000fffffffffff
DATA gtConst<>+16(SB)/8, $0x00001fffffffffff
DATA gtConst<>+24(SB)/8, $0x3ff71547652b82fe
DATA gtConst<>+32(SB)/8, $0x4338000000000000
DATA gtConst<>+40(SB)/8, $0x3fe62e42fee00000
DATA gtConst<>+48(SB)/8, $0x3dea39ef35793c76
GLOBL gtConst<>(SB), RODATA|NOPTR, $56

// func gammaTableLanesAVX512(d *gammaTableData, u1, u2, out *float64, slow *uint8, n int)
// gammaTableLanesGeneric eight lanes per step (n a multiple of 8): m =
// trunc(U1·2⁵³), i = m >> 44, the pick word e of i (a gather), p = i where
// m mod 2⁴⁴ < e mod 2⁴⁵ (unsigned), else e >> 45; z and wr of p (gathers),
// t = U2·wr, the fast lanes t < w (ordered: false for NaN), Z = z + t in
// them and zr in the others, out = c·expLane(Z − zr), and the byte of the
// slow lanes.
TEXT ·gammaTableLanesAVX512(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), R8
	MOVQ u1+8(FP), SI
	MOVQ u2+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ slow+32(FP), BX
	MOVQ n+40(FP), CX
	LEAQ 4096(R8), R9  // z
	LEAQ 8192(R8), R10 // wr
	VBROADCASTSD gtConst<>+0(SB), Z10
	VPBROADCASTQ gtConst<>+8(SB), Z11
	VPBROADCASTQ gtConst<>+16(SB), Z28
	VBROADCASTSD 12288(R8), Z12 // w
	VBROADCASTSD 12296(R8), Z13 // zr
	VBROADCASTSD 12304(R8), Z14 // c
	VBROADCASTSD gtConst<>+24(SB), Z21
	VBROADCASTSD gtConst<>+32(SB), Z22
	VBROADCASTSD gtConst<>+40(SB), Z23
	VBROADCASTSD gtConst<>+48(SB), Z24
	LEAQ ·vecExpCoef(SB), R11

gtloop:
	VMOVUPD     (SI), Z0
	VMOVUPD     (DX), Z1
	VMULPD      Z10, Z0, Z15
	VCVTTPD2UQQ Z15, Z16 // m
	VPSRLQ      $44, Z16, Z17 // i
	KXNORB      K1, K1, K1
	VPGATHERQQ  (R8)(Z17*8), K1, Z18 // the pick word e
	VPANDQ      Z11, Z16, Z19 // m mod 2⁴⁴
	VPANDQ      Z28, Z18, Z20 // T
	VPSRLQ      $45, Z18, Z18 // alias
	VPCMPUQ     $1, Z20, Z19, K2 // m mod 2⁴⁴ < T
	VMOVDQA64   Z17, K2, Z18 // p
	KXNORB      K1, K1, K1
	VGATHERQPD  (R9)(Z18*8), K1, Z25 // z[p]
	KXNORB      K1, K1, K1
	VGATHERQPD  (R10)(Z18*8), K1, Z26 // wr[p]
	VMULPD      Z26, Z1, Z27 // t
	VCMPPD      $0x11, Z12, Z27, K3 // t < w
	VMOVAPD     Z13, Z2
	VADDPD      Z27, Z25, K3, Z2 // z + t in the fast lanes, zr elsewhere
	VSUBPD      Z13, Z2, Z2
	KNOTB       K3, K4
	KMOVB       K4, AX
	MOVB        AX, (BX)
	EXPLANE(R11)
	VMULPD      Z3, Z14, Z3
	VMOVUPD     Z3, (DI)
	ADDQ        $64, SI
	ADDQ        $64, DX
	ADDQ        $64, DI
	INCQ        BX
	SUBQ        $8, CX
	JNZ         gtloop
	VZEROUPPER
	RET
