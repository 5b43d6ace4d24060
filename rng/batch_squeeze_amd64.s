//go:build amd64 && !purego

#include "textflag.h"

// sqzConst<>: the constants of PTRS and BTRS (Hörmann 1993) and of their
// candidates, in the order of batch_squeeze.go; then the sign and the
// absolute-value masks.
DATA sqzConst<>+0(SB)/8, $0x40043d70a3d70a3d // c253 = 2.53
DATA sqzConst<>+8(SB)/8, $0x3fedcac083126e98 // c0931 = 0.931
DATA sqzConst<>+16(SB)/8, $0x3f996d0917d6b65b // c02483 = 0.02483
DATA sqzConst<>+24(SB)/8, $0xbfae353f7ced9168 // cm0059 = -0.059
DATA sqzConst<>+32(SB)/8, $0x3fedafb7e90ff972 // c09277 = 0.9277
DATA sqzConst<>+40(SB)/8, $0x400cfaacd9e83e42 // c36224 = 3.6224
DATA sqzConst<>+48(SB)/8, $0x4000000000000000 // two = 2.0
DATA sqzConst<>+56(SB)/8, $0x3fe0000000000000 // half = 0.5
DATA sqzConst<>+64(SB)/8, $0x3fdb851eb851eb85 // c043 = 0.43
DATA sqzConst<>+72(SB)/8, $0x43d0000000000000 // c2p62 = 4.611686018427388e+18
DATA sqzConst<>+80(SB)/8, $0x3fb1eb851eb851ec // c007 = 0.07
DATA sqzConst<>+88(SB)/8, $0x3ff0000000000000 // one = 1.0
DATA sqzConst<>+96(SB)/8, $0x3ff2666666666666 // c115 = 1.15
DATA sqzConst<>+104(SB)/8, $0x3f99652bd3c36113 // c0248 = 0.0248
DATA sqzConst<>+112(SB)/8, $0xbfb6594af4f0d845 // cm00873 = -0.0873
DATA sqzConst<>+120(SB)/8, $0x3f847ae147ae147b // c001 = 0.01
DATA sqzConst<>+128(SB)/8, $0x3fed70a3d70a3d71 // c092 = 0.92
DATA sqzConst<>+136(SB)/8, $0x4010cccccccccccd // c42 = 4.2
DATA sqzConst<>+144(SB)/8, $0x8000000000000000 // sign
DATA sqzConst<>+152(SB)/8, $0x7fffffffffffffff // abs mask
DATA sqzConst<>+160(SB)/8, $0xffffffffffffffff // -1
DATA sqzConst<>+168(SB)/8, $0x4044000000000000 // c40 = 40 (btrsLaneSteps)
DATA sqzConst<>+176(SB)/8, $0x4006a3d70a3d70a4 // c283 = 2.83
DATA sqzConst<>+184(SB)/8, $0x4014666666666666 // c51 = 5.1
DATA sqzConst<>+192(SB)/8, $0xbff0000000000000 // m1 = -1.0
DATA sqzConst<>+200(SB)/8, $0xfffffffffffffffd // -3 (int64)
GLOBL sqzConst<>(SB), RODATA|NOPTR, $208

// CANDIDATE sets Z12 to x = ((2a·(1/us) + b)·uu) + Z8 and Z10 to us, from
// a in Z3, b in Z2 and the uniform U in Z9 (uu = U − ½); Z8 holds the
// offset (frac(mean) for PTRS, c for BTRS). Temporaries Z11.
#define CANDIDATE \
	VSUBPD  Z24, Z9, Z9 \
	VANDPD  Z26, Z9, Z10 \
	VSUBPD  Z10, Z24, Z10 \
	VDIVPD  Z10, Z27, Z11 \
	VADDPD  Z3, Z3, Z12 \
	VMULPD  Z11, Z12, Z12 \
	VADDPD  Z2, Z12, Z12 \
	VMULPD  Z9, Z12, Z12 \
	VADDPD  Z8, Z12, Z12

// ACCEPT sets K1 to the lanes whose candidate x (Z12) satisfies
// Z13 ≤ x < Z14, us (Z10) ≥ 0.07 and V (from (BX)) ≤ vr (Z6), and stores
// Z7 + ⌊x⌋ as integers in those lanes, −1 in the others, at (DI).
#define ACCEPT \
	VCMPPD  $0x1d, Z13, Z12, K1 \
	VCMPPD  $0x11, Z14, Z12, K1, K1 \
	VCMPPD  $0x1d, Z28, Z10, K1, K1 \
	VMOVUPD (BX), Z15 \
	VCMPPD  $0x12, Z6, Z15, K1, K1 \
	VRNDSCALEPD $0x09, Z12, Z15 \
	VADDPD  Z15, Z7, Z15 \
	VCVTTPD2QQ Z15, Z16 \
	VMOVDQA64 Z29, Z17 \
	VMOVDQA64 Z16, K1, Z17 \
	VMOVDQU64 Z17, (DI)

// SQZSETUP loads the shared constants: Z24 ½, Z25 sign, Z26 abs mask,
// Z27 1, Z28 0.07, Z29 −1.
#define SQZSETUP \
	VBROADCASTSD sqzConst<>+56(SB), Z24 \
	VBROADCASTSD sqzConst<>+144(SB), Z25 \
	VBROADCASTSD sqzConst<>+152(SB), Z26 \
	VBROADCASTSD sqzConst<>+88(SB), Z27 \
	VBROADCASTSD sqzConst<>+80(SB), Z28 \
	VBROADCASTSD sqzConst<>+160(SB), Z29

// func ptrsSqueezeAVX512(u, v, mean *float64, out *int64, n int)
TEXT ·ptrsSqueezeAVX512(SB), NOSPLIT, $0-40
	MOVQ u+0(FP), SI
	MOVQ v+8(FP), BX
	MOVQ mean+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ n+32(FP), CX
	SQZSETUP
	VBROADCASTSD sqzConst<>+72(SB), Z14

ptrs:
	VMOVUPD (DX), Z1
	VSQRTPD Z1, Z2
	VMULPD.BCST sqzConst<>+0(SB), Z2, Z2
	VADDPD.BCST sqzConst<>+8(SB), Z2, Z2
	VMULPD.BCST sqzConst<>+16(SB), Z2, Z3
	VADDPD.BCST sqzConst<>+24(SB), Z3, Z3
	VSUBPD.BCST sqzConst<>+48(SB), Z2, Z4
	VBROADCASTSD sqzConst<>+40(SB), Z5
	VDIVPD Z4, Z5, Z5
	VBROADCASTSD sqzConst<>+32(SB), Z6
	VSUBPD Z5, Z6, Z6
	VRNDSCALEPD $0x09, Z1, Z7
	VSUBPD Z7, Z1, Z8
	VMOVUPD (SI), Z9
	CANDIDATE
	VADDPD.BCST sqzConst<>+64(SB), Z12, Z12
	VXORPD Z25, Z7, Z13
	ACCEPT
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ ptrs
	VZEROUPPER
	RET

// func btrsSqueezeAVX512(u, v, nf, p *float64, out *int64, n int)
TEXT ·btrsSqueezeAVX512(SB), NOSPLIT, $0-48
	MOVQ u+0(FP), SI
	MOVQ v+8(FP), BX
	MOVQ nf+16(FP), DX
	MOVQ p+24(FP), R8
	MOVQ out+32(FP), DI
	MOVQ n+40(FP), CX
	SQZSETUP

btrs:
	VMOVUPD (DX), Z1
	VMOVUPD (R8), Z18
	VSUBPD  Z18, Z27, Z19
	VMULPD  Z18, Z1, Z20
	VMULPD  Z19, Z20, Z21
	VSQRTPD Z21, Z21
	VMULPD.BCST sqzConst<>+0(SB), Z21, Z2
	VADDPD.BCST sqzConst<>+96(SB), Z2, Z2
	VDIVPD Z2, Z27, Z22
	VMULPD.BCST sqzConst<>+104(SB), Z2, Z3
	VADDPD.BCST sqzConst<>+112(SB), Z3, Z3
	VMULPD.BCST sqzConst<>+120(SB), Z18, Z23
	VADDPD Z23, Z3, Z3
	VMULPD.BCST sqzConst<>+136(SB), Z22, Z23
	VBROADCASTSD sqzConst<>+128(SB), Z6
	VSUBPD Z23, Z6, Z6
	VADDPD Z18, Z20, Z23
	VRNDSCALEPD $0x09, Z23, Z7
	VSUBPD Z7, Z23, Z8
	VSUBPD Z18, Z8, Z8
	VADDPD Z24, Z8, Z8
	VMOVUPD (SI), Z9
	CANDIDATE
	VXORPD Z25, Z7, Z13
	VSUBPD Z7, Z1, Z14
	VADDPD Z27, Z14, Z14
	VCMPPD  $0x1d, Z13, Z12, K1
	VCMPPD  $0x11, Z14, Z12, K1, K1
	VMOVUPD (BX), Z15
	VCMPPD  $0x1d, Z28, Z10, K1, K2
	VCMPPD  $0x12, Z6, Z15, K2, K2
	VRNDSCALEPD $0x09, Z12, Z16
	VANDPD  Z26, Z16, Z17
	VCMPPD.BCST $0x12, sqzConst<>+168(SB), Z17, K1, K3
	KANDNW  K1, K3, K7
	KANDNW  K7, K2, K7
	KANDNW  K3, K2, K3
	KORTESTW K3, K3
	JEQ     btrsdone

	// The full test w ≤ f(m+d)/f(m) for the lanes in K3 (not squeezed,
	// |d| ≤ 40), by binomialRatio.accept's product recursion.
	VMULPD.BCST sqzConst<>+184(SB), Z22, Z30
	VADDPD.BCST sqzConst<>+176(SB), Z30, Z30
	VMULPD  Z21, Z30, Z30
	VMULPD  Z30, Z15, Z30
	VMULPD  Z11, Z3, Z31
	VMULPD  Z11, Z31, Z31
	VADDPD  Z2, Z31, Z31
	VMULPD  Z19, Z20, Z4
	VDIVPD  Z4, Z27, Z4
	VMULPD  Z4, Z18, Z5
	VMULPD  Z4, Z19, Z4
	VPXORQ  Z0, Z0, Z0
	VCMPPD  $0x1e, Z0, Z16, K4
	VADDPD  Z16, Z7, Z9
	VADDPD  Z27, Z9, Z9
	VSUBPD  Z7, Z1, Z10
	VSUBPD  Z16, Z10, Z10
	VMOVAPD Z27, Z11
	VBROADCASTSD sqzConst<>+192(SB), Z12
	VMOVAPD Z4, Z13
	VMOVAPD Z5, Z14
	VSUBPD  Z7, Z1, K4, Z9
	VADDPD  Z27, Z7, K4, Z10
	VMOVAPD Z12, K4, Z11
	VMOVAPD Z27, K4, Z12
	VMOVAPD Z5, K4, Z13
	VMOVAPD Z4, K4, Z14
	VMOVAPD Z27, Z15
	VMOVAPD Z27, Z23
	VPXORQ  Z8, Z8, Z8

prod:
	VCMPPD  $0x1e, Z8, Z17, K3, K5
	KORTESTW K5, K5
	JEQ     proddone
	VMULPD  Z13, Z9, Z6
	VMULPD  Z6, Z15, K5, Z15
	VMULPD  Z14, Z10, Z6
	VMULPD  Z6, Z23, K5, Z23
	VADDPD  Z11, Z9, Z9
	VADDPD  Z12, Z10, Z10
	VADDPD  Z27, Z8, Z8
	JMP     prod

proddone:
	VMULPD  Z23, Z30, Z6
	VMULPD  Z31, Z15, Z0
	VCMPPD  $0x12, Z0, Z6, K3, K6
	KORW    K6, K2, K2

btrsdone:
	VADDPD  Z16, Z7, Z16
	VCVTTPD2QQ Z16, Z16
	VMOVDQA64 Z29, Z17
	VPBROADCASTQ sqzConst<>+200(SB), Z18
	VMOVDQA64 Z18, K7, Z17
	VMOVDQA64 Z16, K2, Z17
	VMOVDQU64 Z17, (DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, DX
	ADDQ $64, R8
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ btrs
	VZEROUPPER
	RET
