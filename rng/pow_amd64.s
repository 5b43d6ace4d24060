//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// powConst<>: the constants of LOGLANE and EXPLANE (expvec.go).
DATA powConst<>+0(SB)/8, $0x000fffffffffffff  // mantissa mask
DATA powConst<>+8(SB)/8, $0x3ff0000000000000  // the bits of 1.0
DATA powConst<>+16(SB)/8, $0x3ff6a09e667f3bcd // √2
DATA powConst<>+24(SB)/8, $0x00000000000003ff // 1023
DATA powConst<>+32(SB)/8, $0x0010000000000000 // 2⁵²
DATA powConst<>+40(SB)/8, $0x3ff71547652b82fe // log₂ e
DATA powConst<>+48(SB)/8, $0x4338000000000000 // 1.5·2⁵²
DATA powConst<>+56(SB)/8, $0x3fe62e42fee00000 // ln 2 high
DATA powConst<>+64(SB)/8, $0x3dea39ef35793c76 // ln 2 low
DATA powConst<>+72(SB)/8, $0x0000000000000001 // 1
DATA powConst<>+80(SB)/8, $0x4000000000000000 // 2.0
DATA powConst<>+88(SB)/8, $0x3ff0000000000000 // 1.0
GLOBL powConst<>(SB), RODATA|NOPTR, $96

// func powsAVX512(x, a, out *float64, n int)
// out[j] = powLane(x[j], a[j]) = expLane(a[j]·logLane(x[j])), eight lanes
// per step (n a multiple of 8).
TEXT ·powsAVX512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ a+8(FP), BX
	MOVQ out+16(FP), DI
	MOVQ n+24(FP), CX
	VPBROADCASTQ powConst<>+0(SB), Z16
	VPBROADCASTQ powConst<>+8(SB), Z17
	VBROADCASTSD powConst<>+16(SB), Z18
	VPBROADCASTQ powConst<>+24(SB), Z19
	VPBROADCASTQ powConst<>+32(SB), Z20
	VBROADCASTSD powConst<>+40(SB), Z21
	VBROADCASTSD powConst<>+48(SB), Z22
	VBROADCASTSD powConst<>+56(SB), Z23
	VBROADCASTSD powConst<>+64(SB), Z24
	VPBROADCASTQ powConst<>+72(SB), Z25
	VBROADCASTSD powConst<>+80(SB), Z28
	VBROADCASTSD powConst<>+88(SB), Z29
	LEAQ ·vecLogCoef(SB), R10
	LEAQ ·vecExpCoef(SB), R11

ploop:
	VMOVUPD (SI), Z10
	LOGLANE
	VMOVUPD (BX), Z2
	VMULPD  Z11, Z2, Z2
	EXPLANE(R11)
	VMOVUPD Z3, (DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  ploop
	VZEROUPPER
	RET
