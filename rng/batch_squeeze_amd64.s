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
DATA sqzConst<>+208(SB)/8, $0x00000000000003ff // 1023 (int64: the exponent bias)
DATA sqzConst<>+216(SB)/8, $0x000fffffffffffff // the mantissa mask
DATA sqzConst<>+224(SB)/8, $0x3ff6a09e667f3bcd // sqrt2 = math.Sqrt2
DATA sqzConst<>+232(SB)/8, $0x0010000000000000 // 2^52 (int64: one in the exponent)
DATA sqzConst<>+240(SB)/8, $0x0000000000000001 // 1 (int64)
DATA sqzConst<>+248(SB)/8, $0x3fe62e42fee00000 // ln2hi (vecLn2Hi)
DATA sqzConst<>+256(SB)/8, $0x3dea39ef35793c76 // ln2lo (vecLn2Lo)
DATA sqzConst<>+264(SB)/8, $0x4031000000000000 // c17 = 17 (len(stirlerrSmall))
DATA sqzConst<>+272(SB)/8, $0x4061800000000000 // c140 = 140 (stirlingCorrection)
DATA sqzConst<>+280(SB)/8, $0x4058c00000000000 // c99 = 99
DATA sqzConst<>+288(SB)/8, $0x4060800000000000 // c132 = 132
DATA sqzConst<>+296(SB)/8, $0x407ce00000000000 // c462 = 462
DATA sqzConst<>+304(SB)/8, $0x40cb120000000000 // c13860 = 13860
DATA sqzConst<>+312(SB)/8, $0x3ed937e11175f095 // 1/166320
DATA sqzConst<>+320(SB)/8, $0x0000000000000008 // 8 (int64: the lanes of a group)
DATA sqzConst<>+328(SB)/8, $0x3ff1fb7e90ff9724 // c11239 = 1.1239 (PTRS's 1/α)
DATA sqzConst<>+336(SB)/8, $0x3ff21ff2e48e8a72 // c11328 = 1.1328
DATA sqzConst<>+344(SB)/8, $0x400b333333333333 // c34 = 3.4
DATA sqzConst<>+352(SB)/8, $0x3f8a9fbe76c8b439 // c0013 = 0.013 (PTRS's thin tails)
DATA sqzConst<>+360(SB)/8, $0x3fed67f1c864beb5 // halfLog2Pi = ½·log 2π
GLOBL sqzConst<>(SB), RODATA|NOPTR, $368

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

// SQZSETUP loads the shared constants: Z24 ½, Z25 sign, Z26 abs mask,
// Z27 1, Z28 0.07, Z29 −1.
#define SQZSETUP \
	VBROADCASTSD sqzConst<>+56(SB), Z24 \
	VBROADCASTSD sqzConst<>+144(SB), Z25 \
	VBROADCASTSD sqzConst<>+152(SB), Z26 \
	VBROADCASTSD sqzConst<>+88(SB), Z27 \
	VBROADCASTSD sqzConst<>+80(SB), Z28 \
	VBROADCASTSD sqzConst<>+160(SB), Z29

// LOGL(X, OUT, T1, T2, T3, KT) sets OUT to logLane(X) (expvec.go: the
// same operations in the same order), X kept; temporaries T1–T3 and KT.
// It expects 1.0 in Z27.
#define LOGL(X, OUT, T1, T2, T3, KT) \
	VPSRLQ $52, X, T1 \
	VPSUBQ.BCST sqzConst<>+208(SB), T1, T1 \
	VPANDQ.BCST sqzConst<>+216(SB), X, T2 \
	VPORQ.BCST sqzConst<>+88(SB), T2, T2 \
	VCMPPD.BCST $0x1e, sqzConst<>+224(SB), T2, KT \
	VPSUBQ.BCST sqzConst<>+232(SB), T2, KT, T2 \
	VPADDQ.BCST sqzConst<>+240(SB), T1, KT, T1 \
	VSUBPD Z27, T2, T2 \
	VADDPD.BCST sqzConst<>+48(SB), T2, T3 \
	VDIVPD T3, T2, T3 \
	VMULPD T3, T3, T2 \
	VBROADCASTSD ·vecLogCoef+0(SB), OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+8(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+16(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+24(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+32(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+40(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+48(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+56(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+64(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+72(SB), OUT, OUT \
	VMULPD T2, OUT, OUT; VADDPD.BCST ·vecLogCoef+80(SB), OUT, OUT \
	VADDPD T3, T3, T3 \
	VMULPD OUT, T3, OUT \
	VCVTQQ2PD T1, T1 \
	VMULPD.BCST sqzConst<>+256(SB), T1, T2 \
	VADDPD OUT, T2, OUT \
	VMULPD.BCST sqzConst<>+248(SB), T1, T2 \
	VADDPD T2, OUT, OUT

// LOG1P(Y, OUT, U, T1, T2, T3, KT) sets OUT to log1pLane(Y), Y kept;
// temporaries U, T1–T3 and KT.
#define LOG1P(Y, OUT, U, T1, T2, T3, KT) \
	VADDPD Z27, Y, U \
	LOGL(U, OUT, T1, T2, T3, KT) \
	VSUBPD Z27, U, T1 \
	VSUBPD Y, T1, T1 \
	VDIVPD U, T1, T1 \
	VSUBPD T1, OUT, OUT

// STIRL(X, IX, OUT, T1, T2, KT) sets OUT to stirlerrLaneI(X, IX) for
// integers X ≥ 1, IX ≈ 1/X: Stirling's series in IX, then
// stirlerrSmall[X] (stirlerrSmall[1…8] in Z22, [9…16] in Z23, picked by
// VPERMI2PD) where X < 17; X and IX kept, temporaries T1, T2 and KT.
#define STIRL(X, IX, OUT, T1, T2, KT) \
	VMULPD IX, IX, T1 \
	VMULPD.BCST sqzConst<>+272(SB), T1, T2 \
	VBROADCASTSD sqzConst<>+280(SB), OUT \
	VSUBPD T2, OUT, OUT \
	VMULPD T1, OUT, T2 \
	VBROADCASTSD sqzConst<>+288(SB), OUT \
	VSUBPD T2, OUT, OUT \
	VMULPD T1, OUT, T2 \
	VBROADCASTSD sqzConst<>+296(SB), OUT \
	VSUBPD T2, OUT, OUT \
	VMULPD T1, OUT, T2 \
	VBROADCASTSD sqzConst<>+304(SB), OUT \
	VSUBPD T2, OUT, OUT \
	VMULPD IX, OUT, OUT \
	VMULPD.BCST sqzConst<>+312(SB), OUT, OUT \
	VCMPPD.BCST $0x11, sqzConst<>+264(SB), X, KT \
	VCVTTPD2QQ X, T1 \
	VPSUBQ.BCST sqzConst<>+240(SB), T1, T1 \
	VPERMI2PD Z23, Z22, T1 \
	VMOVAPD T1, KT, OUT

// func btrsRoundAVX512(u, v, nf, p *float64, out *int64, n int, scratch *float64)
// One BTRS trial per lane, out[j] as btrsTrialGeneric with the test, in
// two passes. The first decides the lanes the squeeze or the range test
// decide and compresses the others' w's numerator and denominator, n, p,
// m, d and lane index into scratch (at 0, 2112, 4224, 6336, 8448, 10560
// and 12672 bytes: BlockSize lanes and the 7 that a compressed group's
// full store writes beyond them; compressed in a register because
// VCOMPRESSPD to memory is slow on AMD's Zen 4). The second runs the exact
// test on those, eight at a time, into scratch+14784, and a scalar loop
// writes them to their lanes of out. Registers: R10 the compressed bytes,
// R11 scratch, R12 out, Z30 the first pass's lane indices.
TEXT ·btrsRoundAVX512(SB), NOSPLIT, $0-56
	MOVQ u+0(FP), SI
	MOVQ v+8(FP), BX
	MOVQ nf+16(FP), DX
	MOVQ p+24(FP), R8
	MOVQ out+32(FP), DI
	MOVQ n+40(FP), CX
	MOVQ scratch+48(FP), R11
	MOVQ DI, R12
	XORQ R10, R10
	SQZSETUP
	VMOVDQU64 ·laneIota(SB), Z30

btrs:
	// The set-up and the candidate, as the scalar btrs: Z1 n, Z18 p,
	// Z19 q, Z21 √(npq), Z2 b, Z22 1/b, Z3 a, Z6 v_r, Z7 m, Z8 c,
	// Z10 us, Z11 1/us, Z12 x, Z16 d = ⌊x⌋, Z15 v.
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

	// K1: k ∈ [0, n]; K2: and squeezed; K3: in range, not squeezed.
	VCMPPD  $0x1d, Z13, Z12, K1
	VCMPPD  $0x11, Z14, Z12, K1, K1
	VMOVUPD (BX), Z15
	VCMPPD  $0x1d, Z28, Z10, K1, K2
	VCMPPD  $0x12, Z6, Z15, K2, K2
	VRNDSCALEPD $0x09, Z12, Z16
	KANDNW  K1, K2, K3

	// w = v·α/(a·ius² + b): numerator Z4, denominator Z5; the lanes of K3
	// compressed.
	VMULPD.BCST sqzConst<>+184(SB), Z22, Z4
	VADDPD.BCST sqzConst<>+176(SB), Z4, Z4
	VMULPD  Z21, Z4, Z4
	VMULPD  Z4, Z15, Z4
	VMULPD  Z11, Z3, Z5
	VMULPD  Z11, Z5, Z5
	VADDPD  Z2, Z5, Z5
	VCOMPRESSPD Z4, K3, Z0
	VMOVUPD Z0, (R11)(R10*1)
	VCOMPRESSPD Z5, K3, Z0
	VMOVUPD Z0, 2112(R11)(R10*1)
	VCOMPRESSPD Z1, K3, Z0
	VMOVUPD Z0, 4224(R11)(R10*1)
	VCOMPRESSPD Z18, K3, Z0
	VMOVUPD Z0, 6336(R11)(R10*1)
	VCOMPRESSPD Z7, K3, Z0
	VMOVUPD Z0, 8448(R11)(R10*1)
	VCOMPRESSPD Z16, K3, Z0
	VMOVUPD Z0, 10560(R11)(R10*1)
	VPCOMPRESSQ Z30, K3, Z0
	VMOVDQU64 Z0, 12672(R11)(R10*1)
	VPADDQ.BCST sqzConst<>+320(SB), Z30, Z30
	KMOVW   K3, AX
	POPCNTL AX, AX
	SHLQ    $3, AX
	ADDQ    AX, R10

	// The squeezed lanes' m + d, −1 in the others.
	VADDPD  Z16, Z7, Z16
	VCVTTPD2QQ Z16, Z16
	VMOVDQA64 Z29, Z17
	VMOVDQA64 Z16, K2, Z17
	VMOVDQU64 Z17, (DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, DX
	ADDQ $64, R8
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ btrs

	// The second pass: the compressed lanes, eight at a time (R13 their
	// byte offset), with the test; the stirlerr table in Z22, Z23.
	TESTQ R10, R10
	JEQ   done
	XORQ  R13, R13
	VMOVUPD ·stirlerrSmall+8(SB), Z22
	VMOVUPD ·stirlerrSmall+72(SB), Z23

btest:
	// Z30 w's numerator, Z31 its denominator, Z1 n, Z18 p, Z19 q, Z7 m,
	// Z16 d; K4 the lanes with w = 0; Z31 log w.
	VMOVUPD (R11)(R13*1), Z30
	VMOVUPD 2112(R11)(R13*1), Z31
	VMOVUPD 4224(R11)(R13*1), Z1
	VMOVUPD 6336(R11)(R13*1), Z18
	VMOVUPD 8448(R11)(R13*1), Z7
	VMOVUPD 10560(R11)(R13*1), Z16
	VSUBPD  Z18, Z27, Z19
	VPXORQ  Z0, Z0, Z0
	VCMPPD  $0x00, Z0, Z30, K4
	VDIVPD  Z31, Z30, Z30
	LOGL(Z30, Z31, Z0, Z2, Z3, K5)

	// log f(m+d)/f(m) (btrsLogRatioLane) into Z20: Z4 x1, Z5 f1, Z6 n−m,
	// Z8 z, Z9 w; reciprocals Z11 1/x1, Z12 1/w, Z14 1/z, Z15 1/f1, and
	// Z13 w·p/(x1·q).
	VADDPD  Z16, Z7, Z4
	VADDPD  Z27, Z4, Z4
	VADDPD  Z27, Z7, Z5
	VSUBPD  Z7, Z1, Z6
	VADDPD  Z27, Z6, Z8
	VSUBPD  Z16, Z6, Z9
	VADDPD  Z27, Z9, Z9
	VMULPD  Z9, Z4, Z10
	VMULPD  Z19, Z10, Z10
	VDIVPD  Z10, Z27, Z10
	VMULPD  Z19, Z9, Z11
	VMULPD  Z10, Z11, Z11
	VMULPD  Z19, Z4, Z12
	VMULPD  Z10, Z12, Z12
	VMULPD  Z18, Z9, Z13
	VMULPD  Z9, Z13, Z13
	VMULPD  Z10, Z13, Z13
	VMULPD  Z8, Z5, Z14
	VDIVPD  Z14, Z27, Z14
	VMULPD  Z8, Z14, Z15
	VMULPD  Z5, Z14, Z14
	VMULPD  Z11, Z16, Z10
	VXORPD  Z25, Z10, Z10
	LOG1P(Z10, Z20, Z1, Z0, Z2, Z3, K5)
	VADDPD  Z24, Z7, Z10
	VMULPD  Z10, Z20, Z20
	VMULPD  Z12, Z16, Z10
	LOG1P(Z10, Z21, Z1, Z0, Z2, Z3, K5)
	VADDPD  Z24, Z6, Z10
	VMULPD  Z10, Z21, Z21
	VADDPD  Z21, Z20, Z20
	LOGL(Z13, Z21, Z0, Z2, Z3, K5)
	VMULPD  Z21, Z16, Z21
	VADDPD  Z21, Z20, Z20
	STIRL(Z5, Z15, Z10, Z0, Z2, K5)
	STIRL(Z8, Z14, Z30, Z0, Z2, K5)
	VADDPD  Z30, Z10, Z10
	STIRL(Z4, Z11, Z30, Z0, Z2, K5)
	STIRL(Z9, Z12, Z13, Z0, Z2, K5)
	VADDPD  Z13, Z30, Z30
	VSUBPD  Z30, Z10, Z10
	VADDPD  Z10, Z20, Z20

	// Accepted (w = 0 or log w ≤ the log ratio): m + d, else −1.
	VCMPPD  $0x12, Z20, Z31, K6
	KORW    K4, K6, K6
	VADDPD  Z16, Z7, Z16
	VCVTTPD2QQ Z16, Z16
	VMOVDQA64 Z29, Z17
	VMOVDQA64 Z16, K6, Z17
	VMOVDQU64 Z17, 14784(R11)(R13*1)
	ADDQ $64, R13
	CMPQ R13, R10
	JLT  btest

	XORQ CX, CX

scatter:
	MOVQ 12672(R11)(CX*1), AX
	MOVQ 14784(R11)(CX*1), BX
	MOVQ BX, (R12)(AX*8)
	ADDQ $8, CX
	CMPQ CX, R10
	JLT  scatter

done:
	VZEROUPPER
	RET

// func ptrsRoundAVX512(u, v, mean *float64, out *int64, n int, scratch *float64)
// One PTRS trial per lane, out[j] as ptrsTrialGeneric with the test, in
// two passes as btrsRoundAVX512: the first decides the lanes the squeeze,
// the range or the thin tails decide and compresses the others' w's
// numerator and denominator, mean, k and lane index into scratch (at 0,
// 2112, 4224, 6336 and 8448 bytes); the second runs the exact test on
// them into scratch+10560; a scalar loop writes them to out.
TEXT ·ptrsRoundAVX512(SB), NOSPLIT, $0-48
	MOVQ u+0(FP), SI
	MOVQ v+8(FP), BX
	MOVQ mean+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ n+32(FP), CX
	MOVQ scratch+40(FP), R11
	MOVQ DI, R12
	XORQ R10, R10
	SQZSETUP
	VMOVDQU64 ·laneIota(SB), Z30
	VBROADCASTSD sqzConst<>+72(SB), Z14

ptrs2:
	// The set-up and candidate of ptrs.trial: Z1 mean, Z2 b, Z3 a, Z6 v_r, Z7 m, Z10 us,
	// Z11 1/us, Z12 x, Z13 −m, Z15 v.
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

	// K1: x ∈ [−m, 2⁶²); K2: and squeezed; K4: thin tails; K3: in range,
	// neither; Z16 k = m + ⌊x⌋.
	VCMPPD  $0x1d, Z13, Z12, K1
	VCMPPD  $0x11, Z14, Z12, K1, K1
	VMOVUPD (BX), Z15
	VCMPPD  $0x1d, Z28, Z10, K1, K2
	VCMPPD  $0x12, Z6, Z15, K2, K2
	VCMPPD.BCST $0x11, sqzConst<>+352(SB), Z10, K4
	VCMPPD  $0x1e, Z10, Z15, K4, K4
	KORW    K2, K4, K5
	KANDNW  K1, K5, K3
	VRNDSCALEPD $0x09, Z12, Z16
	VADDPD  Z16, Z7, Z16

	// w = v·(1/α)/(a·ius² + b): numerator Z4, denominator Z5; the lanes
	// of K3 compressed.
	VSUBPD.BCST sqzConst<>+344(SB), Z2, Z4
	VBROADCASTSD sqzConst<>+336(SB), Z5
	VDIVPD  Z4, Z5, Z5
	VADDPD.BCST sqzConst<>+328(SB), Z5, Z5
	VMULPD  Z5, Z15, Z4
	VMULPD  Z11, Z3, Z5
	VMULPD  Z11, Z5, Z5
	VADDPD  Z2, Z5, Z5
	VCOMPRESSPD Z4, K3, Z0
	VMOVUPD Z0, (R11)(R10*1)
	VCOMPRESSPD Z5, K3, Z0
	VMOVUPD Z0, 2112(R11)(R10*1)
	VCOMPRESSPD Z1, K3, Z0
	VMOVUPD Z0, 4224(R11)(R10*1)
	VCOMPRESSPD Z16, K3, Z0
	VMOVUPD Z0, 6336(R11)(R10*1)
	VPCOMPRESSQ Z30, K3, Z0
	VMOVDQU64 Z0, 8448(R11)(R10*1)
	VPADDQ.BCST sqzConst<>+320(SB), Z30, Z30
	KMOVW   K3, AX
	POPCNTL AX, AX
	SHLQ    $3, AX
	ADDQ    AX, R10

	// The squeezed lanes' k, −1 in the others.
	VCVTTPD2QQ Z16, Z17
	VMOVDQA64 Z29, Z18
	VMOVDQA64 Z17, K2, Z18
	VMOVDQU64 Z18, (DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ ptrs2

	TESTQ R10, R10
	JEQ   pdone
	XORQ  R13, R13
	VMOVUPD ·stirlerrSmall+8(SB), Z22
	VMOVUPD ·stirlerrSmall+72(SB), Z23

ptest:
	// Z30 w's numerator, Z31 its denominator, Z1 μ, Z16 k; K4 w = 0,
	// K7 k = 0; Z31 log w.
	VMOVUPD (R11)(R13*1), Z30
	VMOVUPD 2112(R11)(R13*1), Z31
	VMOVUPD 4224(R11)(R13*1), Z1
	VMOVUPD 6336(R11)(R13*1), Z16
	VPXORQ  Z0, Z0, Z0
	VCMPPD  $0x00, Z0, Z30, K4
	VCMPPD  $0x00, Z0, Z16, K7
	VDIVPD  Z31, Z30, Z30
	LOGL(Z30, Z31, Z0, Z2, Z3, K5)

	// log f(k) (ptrsLogPMFLane) into Z10: Z4 1/(kμ), Z5 1/k, Z6 1/μ.
	VMULPD  Z1, Z16, Z4
	VDIVPD  Z4, Z27, Z4
	VMULPD  Z4, Z1, Z5
	VMULPD  Z4, Z16, Z6
	VSUBPD  Z1, Z16, Z8
	VMULPD  Z6, Z8, Z8
	LOG1P(Z8, Z9, Z10, Z0, Z2, Z3, K5)
	VMULPD  Z9, Z16, Z9
	VSUBPD  Z16, Z1, Z10
	VADDPD  Z10, Z9, Z9
	STIRL(Z16, Z5, Z10, Z0, Z2, K5)
	VXORPD  Z25, Z10, Z10
	VSUBPD  Z9, Z10, Z10
	VSUBPD.BCST sqzConst<>+360(SB), Z10, Z10
	LOGL(Z16, Z11, Z0, Z2, Z3, K5)
	VMULPD  Z24, Z11, Z11
	VSUBPD  Z11, Z10, Z10
	VXORPD  Z25, Z1, Z12
	VMOVAPD Z12, K7, Z10

	// Accepted (w = 0 or log w ≤ log f(k)): k, else −1.
	VCMPPD  $0x12, Z10, Z31, K6
	KORW    K4, K6, K6
	VCVTTPD2QQ Z16, Z16
	VMOVDQA64 Z29, Z17
	VMOVDQA64 Z16, K6, Z17
	VMOVDQU64 Z17, 10560(R11)(R13*1)
	ADDQ $64, R13
	CMPQ R13, R10
	JLT  ptest

	XORQ CX, CX

pscatter:
	MOVQ 8448(R11)(CX*1), AX
	MOVQ 10560(R11)(CX*1), BX
	MOVQ BX, (R12)(AX*8)
	ADDQ $8, CX
	CMPQ CX, R10
	JLT  pscatter

pdone:
	VZEROUPPER
	RET
