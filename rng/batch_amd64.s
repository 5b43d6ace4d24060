//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// invConst<>: 0 the sign bit, 8 log₂ e, 16 1.5·2⁵², 24 and 32 Cody & Waite's
// ln 2 (hi, lo), 40 1.0, 48 the integer 1, 56 the integer −1 (expvec.go).
DATA invConst<>+0(SB)/8, $0x8000000000000000 // sign
DATA invConst<>+8(SB)/8, $0x3ff71547652b82fe // log2e
DATA invConst<>+16(SB)/8, $0x4338000000000000 // magic
DATA invConst<>+24(SB)/8, $0x3fe62e42fee00000 // ln2hi
DATA invConst<>+32(SB)/8, $0x3dea39ef35793c76 // ln2lo
DATA invConst<>+40(SB)/8, $0x3ff0000000000000 // one
DATA invConst<>+48(SB)/8, $0x0000000000000001 // int1
DATA invConst<>+56(SB)/8, $0xffffffffffffffff // intm1
GLOBL invConst<>(SB), RODATA|NOPTR, $64

// SETUP loads the constants into Z20–Z27 and R8 (vecExpCoef), R9 (recip).
#define SETUP \
	VPBROADCASTQ invConst<>+0(SB), Z20 \
	VPBROADCASTQ invConst<>+8(SB), Z21 \
	VPBROADCASTQ invConst<>+16(SB), Z22 \
	VPBROADCASTQ invConst<>+24(SB), Z23 \
	VPBROADCASTQ invConst<>+32(SB), Z24 \
	VPBROADCASTQ invConst<>+48(SB), Z25 \
	VPBROADCASTQ invConst<>+56(SB), Z26 \
	VPBROADCASTQ invConst<>+40(SB), Z27 \
	LEAQ ·vecExpCoef(SB), R8 \
	LEAQ ·recip(SB), R9

// START2 starts the searches of two groups of 8 lanes from f(0) in Z3 and
// Z13: c (Z4, Z14) = f(0), the counts (Z5, Z15) = [u ≥ c] with u in Z0
// and Z10, K1 and K2 the lanes still searching, AX the term index 1 and
// R10 &recip[1].
#define START2 \
	VMOVAPD Z3, Z4 \
	VMOVAPD Z13, Z14 \
	VPXORQ Z5, Z5, Z5 \
	VPXORQ Z15, Z15, Z15 \
	VCMPPD $0x1d, Z4, Z0, K1 \
	VCMPPD $0x1d, Z14, Z10, K2 \
	VPADDQ Z25, Z5, K1, Z5 \
	VPADDQ Z25, Z15, K2, Z15 \
	MOVQ $1, AX \
	LEAQ 8(R9), R10

// TERM2 adds one term to both groups, given their factors in Z6 and Z16:
// px *= factor, c += px, count += [u ≥ c]; then moves R10 to the next
// reciprocal.
#define TERM2 \
	VMULPD Z6, Z3, Z3 \
	VMULPD Z16, Z13, Z13 \
	VADDPD Z3, Z4, Z4 \
	VADDPD Z13, Z14, Z14 \
	VCMPPD $0x1d, Z4, Z0, K1 \
	VCMPPD $0x1d, Z14, Z10, K2 \
	VPADDQ Z25, Z5, K1, Z5 \
	VPADDQ Z25, Z15, K2, Z15 \
	ADDQ $8, R10

// FINISH2 stores both groups' counts at (DI) and 64(DI), −1 in the lanes
// still searching (rounding gap).
#define FINISH2 \
	VMOVDQA64 Z26, K1, Z5 \
	VMOVDQA64 Z26, K2, Z15 \
	VMOVDQU64 Z5, (DI) \
	VMOVDQU64 Z15, 64(DI)

// PTERM is one Poisson term of both groups: factor mean·(1/i).
#define PTERM \
	VBROADCASTSD (R10), Z9 \
	VMULPD Z9, Z1, Z6 \
	VMULPD Z9, Z11, Z16 \
	TERM2

// func poissonInvAVX512(u, mean *float64, out *int64, n int)
// Pass 1 writes f(0) = expLane(−mean) of every lane into out (as float64
// bits); pass 2 searches two groups of 8 lanes at a time (n a multiple of
// 16), their dependency chains interleaved.
TEXT ·poissonInvAVX512(SB), NOSPLIT, $0-32
	MOVQ mean+8(FP), DX
	MOVQ out+16(FP), DI
	MOVQ n+24(FP), CX
	SETUP

pexp:
	VMOVUPD (DX), Z1
	VXORPD  Z20, Z1, Z2
	EXPLANE(R8)
	VMOVUPD Z3, (DI)
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  pexp

	MOVQ u+0(FP), SI
	MOVQ mean+8(FP), DX
	MOVQ out+16(FP), DI
	MOVQ n+24(FP), CX

pgroup:
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z10
	VMOVUPD (DX), Z1
	VMOVUPD 64(DX), Z11
	VMOVUPD (DI), Z3
	VMOVUPD 64(DI), Z13
	START2

pchunk:
	KORTESTB K1, K2
	JEQ      pdone
	CMPQ     AX, $512
	JGT      pdone
	PTERM
	PTERM
	PTERM
	PTERM
	ADDQ $4, AX
	JMP  pchunk

pdone:
	FINISH2
	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	SUBQ $16, CX
	JNZ  pgroup
	VZEROUPPER
	RET

// BTERM is one binomial term of both groups: factor (s·m)·(1/i) with s in
// Z8 and Z18, m in Z1 and Z11 (then m −= 1).
#define BTERM \
	VBROADCASTSD (R10), Z9 \
	VMULPD Z1, Z8, Z6 \
	VMULPD Z11, Z18, Z16 \
	VMULPD Z9, Z6, Z6 \
	VMULPD Z9, Z16, Z16 \
	TERM2 \
	VSUBPD Z27, Z1, Z1 \
	VSUBPD Z27, Z11, Z11

// EXPM1POLY sets Z11 to expm1Lane(Z10) (expvec.go's polynomial, in the
// same order) from the coefficients at R11.
#define EXPM1POLY \
	VBROADCASTSD 0(R11), Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 8(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 16(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 24(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 32(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 40(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 48(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 56(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 64(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 72(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 80(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 88(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 96(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 104(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 112(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 120(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 128(R11), Z11, Z11 \
	VMULPD Z10, Z11, Z11; VADDPD.BCST 136(R11), Z11, Z11 \
	VMULPD Z11, Z10, Z11

// func binomialInvAVX512(u, nf, lambda *float64, same float64, out *int64, s *float64, n int)
// Pass 1 writes s = expm1Lane(λ) into s and f0 = expLane(−n·λ) into out
// (as float64 bits), λ = lambda[j], or same in every lane when lambda is
// nil (s then computed once); pass 2 searches two groups of 8 lanes at a
// time (n a multiple of 16).
TEXT ·binomialInvAVX512(SB), NOSPLIT, $0-56
	MOVQ nf+8(FP), DX
	MOVQ lambda+16(FP), BX
	MOVQ out+32(FP), DI
	MOVQ s+40(FP), R12
	MOVQ n+48(FP), CX
	SETUP
	LEAQ ·vecExpm1Coef(SB), R11
	TESTQ BX, BX
	JZ    bsame

bexp:
	VMOVUPD (DX), Z1
	VMOVUPD (BX), Z10
	EXPM1POLY
	VMOVUPD Z11, (R12)
	VMULPD Z10, Z1, Z2
	VXORPD Z20, Z2, Z2
	EXPLANE(R8)
	VMOVUPD Z3, (DI)
	ADDQ $64, DX
	ADDQ $64, BX
	ADDQ $64, DI
	ADDQ $64, R12
	SUBQ $8, CX
	JNZ  bexp
	JMP  bsearch

bsame:
	VBROADCASTSD same+24(FP), Z10
	EXPM1POLY
	VMOVAPD Z11, Z12

bexpsame:
	VMOVUPD (DX), Z1
	VMOVUPD Z12, (R12)
	VMULPD Z10, Z1, Z2
	VXORPD Z20, Z2, Z2
	EXPLANE(R8)
	VMOVUPD Z3, (DI)
	ADDQ $64, DX
	ADDQ $64, DI
	ADDQ $64, R12
	SUBQ $8, CX
	JNZ  bexpsame

bsearch:
	MOVQ u+0(FP), SI
	MOVQ nf+8(FP), DX
	MOVQ out+32(FP), DI
	MOVQ s+40(FP), R12
	MOVQ n+48(FP), CX

bgroup:
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z10
	VMOVUPD (DX), Z1
	VMOVUPD 64(DX), Z11
	VMOVUPD (R12), Z8
	VMOVUPD 64(R12), Z18
	VMOVUPD (DI), Z3
	VMOVUPD 64(DI), Z13
	START2

bchunk:
	KORTESTB K1, K2
	JEQ      bdone
	CMPQ     AX, $512
	JGT      bdone
	BTERM
	BTERM
	BTERM
	BTERM
	ADDQ $4, AX
	JMP  bchunk

bdone:
	FINISH2
	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	ADDQ $128, R12
	SUBQ $16, CX
	JNZ  bgroup
	VZEROUPPER
	RET
