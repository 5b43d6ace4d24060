//go:build amd64 && !purego

#include "textflag.h"

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

// EXPLANE sets Z3 to expLane(Z2) (expvec.go, the same operations in the
// same order); R8 points at vecExpCoef. Temporaries Z6–Z9.
#define EXPLANE \
	VMULPD Z21, Z2, Z6 \
	VADDPD Z22, Z6, Z6 \
	VSUBPD Z22, Z6, Z7 \
	VMULPD Z23, Z7, Z8 \
	VSUBPD Z8, Z2, Z9 \
	VMULPD Z24, Z7, Z8 \
	VSUBPD Z8, Z9, Z9 \
	VBROADCASTSD 0(R8), Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 8(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 16(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 24(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 32(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 40(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 48(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 56(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 64(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 72(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 80(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 88(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 96(R8), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 104(R8), Z3, Z3 \
	VPSUBQ Z22, Z6, Z6 \
	VPSLLQ $52, Z6, Z6 \
	VPADDQ Z6, Z3, Z3

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

// START sets c (Z4) to f(0) = px (Z3), the count Z5 to [u ≥ c], K1 to the
// lanes still searching, AX to the term index 1 and R10 to &recip[1].
#define START \
	VMOVAPD Z3, Z4 \
	VPXORQ Z5, Z5, Z5 \
	VCMPPD $0x1d, Z4, Z0, K1 \
	VPADDQ Z25, Z5, K1, Z5 \
	MOVQ $1, AX \
	LEAQ 8(R9), R10

// TERM adds one term: px (Z3) *= Z6 (the factor), c += px, count += [u ≥ c].
#define TERM \
	VMULPD Z6, Z3, Z3 \
	VADDPD Z3, Z4, Z4 \
	VCMPPD $0x1d, Z4, Z0, K1 \
	VPADDQ Z25, Z5, K1, Z5 \
	ADDQ $8, R10

// FINISH stores the counts, −1 in the lanes still searching (rounding gap).
#define FINISH \
	VMOVDQA64 Z26, K1, Z5 \
	VMOVDQU64 Z5, (DI)

// func poissonInvAVX512(u, mean *float64, out *int64, n int)
TEXT ·poissonInvAVX512(SB), NOSPLIT, $0-32
	MOVQ u+0(FP), SI
	MOVQ mean+8(FP), DX
	MOVQ out+16(FP), DI
	MOVQ n+24(FP), CX
	SETUP

pgroup:
	VMOVUPD (SI), Z0
	VMOVUPD (DX), Z1
	VXORPD  Z20, Z1, Z2
	EXPLANE
	START

pchunk:
	KORTESTB K1, K1
	JEQ      pdone
	CMPQ     AX, $128
	JGT      pdone
	VMULPD.BCST (R10), Z1, Z6
	TERM
	VMULPD.BCST (R10), Z1, Z6
	TERM
	VMULPD.BCST (R10), Z1, Z6
	TERM
	VMULPD.BCST (R10), Z1, Z6
	TERM
	ADDQ $4, AX
	JMP  pchunk

pdone:
	FINISH
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  pgroup
	VZEROUPPER
	RET

// BTERM is one binomial term: factor (s·m)·(1/i), TERM, m −= 1 (Z1).
#define BTERM \
	VMULPD Z1, Z11, Z6 \
	VMULPD.BCST (R10), Z6, Z6 \
	TERM \
	VSUBPD Z27, Z1, Z1

// func binomialInvAVX512(u, nf, lambda *float64, out *int64, n int)
TEXT ·binomialInvAVX512(SB), NOSPLIT, $0-40
	MOVQ u+0(FP), SI
	MOVQ nf+8(FP), DX
	MOVQ lambda+16(FP), BX
	MOVQ out+24(FP), DI
	MOVQ n+32(FP), CX
	SETUP
	LEAQ ·vecExpm1Coef(SB), R11

bgroup:
	VMOVUPD (SI), Z0
	VMOVUPD (DX), Z1
	VMOVUPD (BX), Z10
	VBROADCASTSD 0(R11), Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 8(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 16(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 24(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 32(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 40(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 48(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 56(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 64(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 72(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 80(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 88(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 96(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 104(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 112(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 120(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 128(R11), Z11, Z11
	VMULPD Z10, Z11, Z11; VADDPD.BCST 136(R11), Z11, Z11
	VMULPD Z11, Z10, Z11
	VMULPD Z10, Z1, Z2
	VXORPD Z20, Z2, Z2
	EXPLANE
	START

bchunk:
	KORTESTB K1, K1
	JEQ      bdone
	CMPQ     AX, $128
	JGT      bdone
	BTERM
	BTERM
	BTERM
	BTERM
	ADDQ $4, AX
	JMP  bchunk

bdone:
	FINISH
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, BX
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  bgroup
	VZEROUPPER
	RET
