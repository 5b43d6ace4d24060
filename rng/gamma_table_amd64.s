//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// gtConst<>: 0 512.0, 8 the integer 511, then EXPLANE's constants (as
// powConst<>): 16 log₂ e, 24 1.5·2⁵², 32 ln 2 high, 40 ln 2 low.
DATA gtConst<>+0(SB)/8, $0x4080000000000000
DATA gtConst<>+8(SB)/8, $0x00000000000001ff
DATA gtConst<>+16(SB)/8, $0x3ff71547652b82fe
DATA gtConst<>+24(SB)/8, $0x4338000000000000
DATA gtConst<>+32(SB)/8, $0x3fe62e42fee00000
DATA gtConst<>+40(SB)/8, $0x3dea39ef35793c76
GLOBL gtConst<>(SB), RODATA|NOPTR, $48

// func gammaTableLanesAVX512(d *gammaTableData, u1, u2, out *float64, slow *uint8, n int)
// gammaTableLanesGeneric eight lanes per step (n a multiple of 8): x =
// U1·512, i = trunc(x) & 511, p = i where x − i < keep[i], else alias[i]
// (gathers), then r, z, wr of p (gathers), Z = z + min(U2·wr, w), out =
// c·expLane(Z − zr), and the byte of U2 ≥ r. MINPD returns its second
// operand (w) on equality, the same value as Go's min; U2·wr is never NaN
// (wr finite) and w > 0, so neither NaN nor zeros arise.
TEXT ·gammaTableLanesAVX512(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), R8
	MOVQ u1+8(FP), SI
	MOVQ u2+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ slow+32(FP), BX
	MOVQ n+40(FP), CX
	LEAQ 4096(R8), R9   // alias
	LEAQ 8192(R8), R10  // r
	LEAQ 12288(R8), R12 // z
	LEAQ 16384(R8), R13 // wr
	VBROADCASTSD gtConst<>+0(SB), Z10
	VPBROADCASTQ gtConst<>+8(SB), Z11
	VBROADCASTSD 20480(R8), Z12 // w
	VBROADCASTSD 20488(R8), Z13 // zr
	VBROADCASTSD 20496(R8), Z14 // c
	VBROADCASTSD gtConst<>+16(SB), Z21
	VBROADCASTSD gtConst<>+24(SB), Z22
	VBROADCASTSD gtConst<>+32(SB), Z23
	VBROADCASTSD gtConst<>+40(SB), Z24
	LEAQ ·vecExpCoef(SB), R11

gtloop:
	VMOVUPD    (SI), Z0
	VMOVUPD    (DX), Z1
	VMULPD     Z10, Z0, Z15 // x
	VCVTTPD2QQ Z15, Z16
	VPANDQ     Z11, Z16, Z16 // i
	VCVTQQ2PD  Z16, Z17
	VSUBPD     Z17, Z15, Z15 // x − i
	KXNORB     K1, K1, K1
	VGATHERQPD (R8)(Z16*8), K1, Z18 // keep[i]
	KXNORB     K1, K1, K1
	VPGATHERQQ (R9)(Z16*8), K1, Z19 // alias[i]
	VCMPPD     $0x11, Z18, Z15, K2 // x − i < keep[i]
	VMOVDQA64  Z16, K2, Z19        // p
	KXNORB     K1, K1, K1
	VGATHERQPD (R10)(Z19*8), K1, Z20 // r[p]
	KXNORB     K1, K1, K1
	VGATHERQPD (R12)(Z19*8), K1, Z25 // z[p]
	KXNORB     K1, K1, K1
	VGATHERQPD (R13)(Z19*8), K1, Z26 // wr[p]
	VMULPD     Z26, Z1, Z27
	VMINPD     Z12, Z27, Z27
	VADDPD     Z27, Z25, Z2
	VSUBPD     Z13, Z2, Z2
	VCMPPD     $0x1d, Z20, Z1, K3 // U2 ≥ r
	KMOVB      K3, AX
	MOVB       AX, (BX)
	EXPLANE(R11)
	VMULPD     Z3, Z14, Z3
	VMOVUPD    Z3, (DI)
	ADDQ       $64, SI
	ADDQ       $64, DX
	ADDQ       $64, DI
	INCQ       BX
	SUBQ       $8, CX
	JNZ        gtloop
	VZEROUPPER
	RET
