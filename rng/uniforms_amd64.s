//go:build amd64 && !purego

#include "textflag.h"

// laneGamma<>: (k+1)·γ mod 2⁶⁴ for lanes k = 0…7 (γ = SplitMix64's
// increment 0x9e3779b97f4a7c15).
DATA laneGamma<>+0(SB)/8, $0x9e3779b97f4a7c15
DATA laneGamma<>+8(SB)/8, $0x3c6ef372fe94f82a
DATA laneGamma<>+16(SB)/8, $0xdaa66d2c7ddf743f
DATA laneGamma<>+24(SB)/8, $0x78dde6e5fd29f054
DATA laneGamma<>+32(SB)/8, $0x1715609f7c746c69
DATA laneGamma<>+40(SB)/8, $0xb54cda58fbbee87e
DATA laneGamma<>+48(SB)/8, $0x538454127b096493
DATA laneGamma<>+56(SB)/8, $0xf1bbcdcbfa53e0a8
GLOBL laneGamma<>(SB), RODATA|NOPTR, $64

// fillConst<>: 0 8γ, 8 Mix13's first multiplier, 16 its second, 24 2⁻⁵³,
// 32 4γ, 40/48 the first multiplier's low/high 32 bits, 56/64 the
// second's, 72 2⁵² (0x433…), 80 2⁸⁴ (0x453…), 88 the low-32-bit mask.
DATA fillConst<>+0(SB)/8, $0xf1bbcdcbfa53e0a8
DATA fillConst<>+8(SB)/8, $0xbf58476d1ce4e5b9
DATA fillConst<>+16(SB)/8, $0x94d049bb133111eb
DATA fillConst<>+24(SB)/8, $0x3ca0000000000000
DATA fillConst<>+32(SB)/8, $0x78dde6e5fd29f054
DATA fillConst<>+40(SB)/8, $0x000000001ce4e5b9
DATA fillConst<>+48(SB)/8, $0x00000000bf58476d
DATA fillConst<>+56(SB)/8, $0x00000000133111eb
DATA fillConst<>+64(SB)/8, $0x0000000094d049bb
DATA fillConst<>+72(SB)/8, $0x4330000000000000
DATA fillConst<>+80(SB)/8, $0x4530000000000000
DATA fillConst<>+88(SB)/8, $0x00000000ffffffff
GLOBL fillConst<>(SB), RODATA|NOPTR, $96

// func fillAVX512(state uint64, u *float64, n int)
// Eight lanes per step: z = state_k; z ^= z>>30; z *= m1; z ^= z>>27;
// z *= m2; z ^= z>>31; u_k = float64(z>>11)·2⁻⁵³; state_k += 8γ.
TEXT ·fillAVX512(SB), NOSPLIT, $0-24
	MOVQ state+0(FP), AX
	MOVQ u+8(FP), DI
	MOVQ n+16(FP), CX
	VPBROADCASTQ AX, Z0
	VPADDQ laneGamma<>(SB), Z0, Z0
	VPBROADCASTQ fillConst<>+0(SB), Z1
	VPBROADCASTQ fillConst<>+8(SB), Z2
	VPBROADCASTQ fillConst<>+16(SB), Z3
	VPBROADCASTQ fillConst<>+24(SB), Z4

loop512:
	VPSRLQ  $30, Z0, Z5
	VPXORQ  Z0, Z5, Z5
	VPMULLQ Z2, Z5, Z5
	VPSRLQ  $27, Z5, Z6
	VPXORQ  Z5, Z6, Z5
	VPMULLQ Z3, Z5, Z5
	VPSRLQ  $31, Z5, Z6
	VPXORQ  Z5, Z6, Z5
	VPSRLQ  $11, Z5, Z5
	VCVTUQQ2PD Z5, Z5
	VMULPD  Z4, Z5, Z5
	VMOVUPD Z5, (DI)
	VPADDQ  Z1, Z0, Z0
	ADDQ    $64, DI
	SUBQ    $8, CX
	JNZ     loop512
	VZEROUPPER
	RET

// MULLO64 sets Y10 to the low 64 bits of Y10·m (per lane) from m's 32-bit
// halves in LO and HI: lo(z)·lo(m) + ((hi(z)·lo(m) + lo(z)·hi(m)) << 32).
#define MULLO64(LO, HI) \
	VPMULUDQ LO, Y10, Y11 \
	VPSRLQ   $32, Y10, Y12 \
	VPMULUDQ LO, Y12, Y12 \
	VPMULUDQ HI, Y10, Y13 \
	VPADDQ   Y12, Y13, Y12 \
	VPSLLQ   $32, Y12, Y12 \
	VPADDQ   Y11, Y12, Y10

// func fillAVX2(state uint64, u *float64, n int)
// Four lanes per step, as fillAVX512, with the 64-bit products from 32-bit
// ones and the 53-bit integers converted exactly as hi·2³² + lo through
// the 2⁸⁴ and 2⁵² exponent tricks.
TEXT ·fillAVX2(SB), NOSPLIT, $0-24
	MOVQ state+0(FP), AX
	MOVQ u+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ AX, X0
	VPBROADCASTQ X0, Y0
	VPADDQ laneGamma<>(SB), Y0, Y0
	VPBROADCASTQ fillConst<>+32(SB), Y1
	VPBROADCASTQ fillConst<>+40(SB), Y2
	VPBROADCASTQ fillConst<>+48(SB), Y3
	VPBROADCASTQ fillConst<>+56(SB), Y4
	VPBROADCASTQ fillConst<>+64(SB), Y5
	VPBROADCASTQ fillConst<>+72(SB), Y6
	VPBROADCASTQ fillConst<>+80(SB), Y7
	VPBROADCASTQ fillConst<>+88(SB), Y8
	VPBROADCASTQ fillConst<>+24(SB), Y9

loop256:
	VPSRLQ $30, Y0, Y10
	VPXOR  Y0, Y10, Y10
	MULLO64(Y2, Y3)
	VPSRLQ $27, Y10, Y11
	VPXOR  Y10, Y11, Y10
	MULLO64(Y4, Y5)
	VPSRLQ $31, Y10, Y11
	VPXOR  Y10, Y11, Y10
	VPSRLQ $11, Y10, Y10
	VPAND  Y8, Y10, Y11
	VPOR   Y6, Y11, Y11
	VPSRLQ $32, Y10, Y12
	VPOR   Y7, Y12, Y12
	VSUBPD Y7, Y12, Y12
	VSUBPD Y6, Y11, Y11
	VADDPD Y11, Y12, Y12
	VMULPD Y9, Y12, Y12
	VMOVUPD Y12, (DI)
	VPADDQ Y1, Y0, Y0
	ADDQ   $32, DI
	SUBQ   $4, CX
	JNZ    loop256
	VZEROUPPER
	RET
