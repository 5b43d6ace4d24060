//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// gamConst<>: the constants of the batched gamma kernel (gamma_batch.go,
// expvec.go), in the order of their use below.
DATA gamConst<>+0(SB)/8, $0x000fffffffffffff // mant
DATA gamConst<>+8(SB)/8, $0x3ff0000000000000 // onebits
DATA gamConst<>+16(SB)/8, $0x3ff6a09e667f3bcd // sqrt2
DATA gamConst<>+24(SB)/8, $0x00000000000003ff // i1023
DATA gamConst<>+32(SB)/8, $0x0010000000000000 // i2p52
DATA gamConst<>+40(SB)/8, $0x3ff71547652b82fe // log2e
DATA gamConst<>+48(SB)/8, $0x4338000000000000 // magic
DATA gamConst<>+56(SB)/8, $0x3fe62e42fee00000 // ln2hi
DATA gamConst<>+64(SB)/8, $0x3dea39ef35793c76 // ln2lo
DATA gamConst<>+72(SB)/8, $0x0000000000000001 // i1
DATA gamConst<>+80(SB)/8, $0x4000000000000000 // two
DATA gamConst<>+88(SB)/8, $0x3ff0000000000000 // one
DATA gamConst<>+96(SB)/8, $0xbff0000000000000 // m1
DATA gamConst<>+104(SB)/8, $0x3fd5555555555555 // third
DATA gamConst<>+112(SB)/8, $0x4022000000000000 // nine
DATA gamConst<>+120(SB)/8, $0xc000000000000000 // m2
DATA gamConst<>+128(SB)/8, $0x3fa0f27bb2fec56d // c0331
DATA gamConst<>+136(SB)/8, $0x3fe0000000000000 // half
DATA gamConst<>+144(SB)/8, $0xc085e00000000000 // m700
DATA gamConst<>+152(SB)/8, $0xc000000000000000 // mtwo
GLOBL gamConst<>(SB), RODATA|NOPTR, $160

// func gammaTrialAVX512(u1, u2, u3, u4, shape, res, gm *float64, n int)
// One Marsaglia–Tsang trial per lane, eight lanes per step; K1 holds the
// lanes still accepted, K3 the boosted ones (shape < 1).
TEXT ·gammaTrialAVX512(SB), NOSPLIT, $0-64
	MOVQ u1+0(FP), SI
	MOVQ u2+8(FP), BX
	MOVQ u3+16(FP), R8
	MOVQ u4+24(FP), R9
	MOVQ shape+32(FP), DX
	MOVQ res+40(FP), DI
	MOVQ gm+48(FP), R12
	MOVQ n+56(FP), CX
	VPBROADCASTQ gamConst<>+0(SB), Z16
	VPBROADCASTQ gamConst<>+8(SB), Z17
	VPBROADCASTQ gamConst<>+24(SB), Z19
	VPBROADCASTQ gamConst<>+32(SB), Z20
	VPBROADCASTQ gamConst<>+48(SB), Z22
	VPBROADCASTQ gamConst<>+72(SB), Z25
	VBROADCASTSD gamConst<>+16(SB), Z18
	VBROADCASTSD gamConst<>+40(SB), Z21
	VBROADCASTSD gamConst<>+56(SB), Z23
	VBROADCASTSD gamConst<>+64(SB), Z24
	VBROADCASTSD gamConst<>+80(SB), Z28
	VBROADCASTSD gamConst<>+88(SB), Z29
	VBROADCASTSD gamConst<>+96(SB), Z31
	VPXORQ Z26, Z26, Z26
	LEAQ ·vecLogCoef(SB), R10
	LEAQ ·vecExpCoef(SB), R11

gloop:
	VMOVUPD (DX), Z1
	VCMPPD  $0x11, Z29, Z1, K3
	VMOVAPD Z1, Z4
	VADDPD  Z29, Z1, K3, Z4
	VSUBPD.BCST gamConst<>+104(SB), Z4, Z4
	VMULPD.BCST gamConst<>+112(SB), Z4, Z5
	VSQRTPD Z5, Z5
	VDIVPD  Z5, Z29, Z5
	VMOVUPD (SI), Z6
	VADDPD  Z6, Z6, Z6
	VSUBPD  Z29, Z6, Z6
	VMOVUPD (BX), Z7
	VADDPD  Z7, Z7, Z7
	VSUBPD  Z29, Z7, Z7
	VMULPD  Z6, Z6, Z8
	VMULPD  Z7, Z7, Z9
	VADDPD  Z9, Z8, Z8
	VCMPPD  $0x1e, Z26, Z8, K1
	VCMPPD  $0x11, Z29, Z8, K1, K1
	VMOVAPD Z8, Z10
	LOGLANE
	VMULPD.BCST gamConst<>+120(SB), Z11, Z11
	VDIVPD  Z8, Z11, Z11
	VSQRTPD Z11, Z11
	VMULPD  Z11, Z6, Z0
	VMULPD  Z0, Z5, Z6
	VADDPD  Z29, Z6, Z6
	VCMPPD  $0x1e, Z26, Z6, K1, K1
	VMULPD  Z6, Z6, Z7
	VMULPD  Z6, Z7, Z7
	VMULPD  Z0, Z0, Z9
	VMULPD  Z9, Z9, Z6
	VMULPD.BCST gamConst<>+128(SB), Z6, Z6
	VSUBPD  Z6, Z29, Z6
	VMOVUPD (R8), Z8
	VCMPPD  $0x11, Z6, Z8, K4
	// The exact test's two logarithms only matter to the lanes of K1 the
	// squeeze K4 did not accept; about half the steps have none.
	KANDNW  K1, K4, K7
	KORTESTW K7, K7
	JZ      gsqueezed
	VMOVAPD Z8, Z10
	LOGLANE
	VMOVAPD Z11, Z30
	VMOVAPD Z7, Z10
	LOGLANE
	VSUBPD  Z7, Z29, Z12
	VADDPD  Z11, Z12, Z12
	VMULPD  Z12, Z4, Z12
	VMULPD.BCST gamConst<>+136(SB), Z9, Z13
	VADDPD  Z12, Z13, Z13
	VCMPPD  $0x11, Z13, Z30, K5
	VCMPPD  $0x1e, Z26, Z8, K5, K5
	KORW    K4, K5, K4

gsqueezed:
	KANDW   K4, K1, K1
	VMULPD  Z7, Z4, Z0
	VMOVUPD Z0, (R12)
	VMOVUPD (R9), Z10
	VCMPPD  $0x1e, Z26, Z10, K6
	LOGLANE
	VDIVPD  Z1, Z11, Z2
	VCMPPD.BCST $0x1d, gamConst<>+144(SB), Z2, K6, K6
	EXPLANE(R11)
	KANDW   K3, K6, K7
	VMULPD  Z3, Z0, K7, Z0
	KANDNW  K3, K6, K6
	VBROADCASTSD gamConst<>+152(SB), Z2
	VMOVAPD Z2, K6, Z0
	VMOVAPD Z31, Z2
	VMOVAPD Z0, K1, Z2
	VMOVUPD Z2, (DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, R8
	ADDQ $64, R9
	ADDQ $64, DX
	ADDQ $64, DI
	ADDQ $64, R12
	SUBQ $8, CX
	JNZ  gloop
	VZEROUPPER
	RET
