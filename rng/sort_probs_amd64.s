//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// spConst<>: 0 the sign bit, 8 2.0 (HAZARDLANE), 16 0.5, 24 1.0, 32 the
// integer 2⁵³ (MaxBinomialN), 40 50.0 (binomialBatchLimit), 48 the
// integer 1, 56 the integer 8.
DATA spConst<>+0(SB)/8, $0x8000000000000000
DATA spConst<>+8(SB)/8, $0x4000000000000000
DATA spConst<>+16(SB)/8, $0x3fe0000000000000
DATA spConst<>+24(SB)/8, $0x3ff0000000000000
DATA spConst<>+32(SB)/8, $0x0020000000000000
DATA spConst<>+40(SB)/8, $0x4049000000000000
DATA spConst<>+48(SB)/8, $1
DATA spConst<>+56(SB)/8, $8
GLOBL spConst<>(SB), RODATA|NOPTR, $64

// func sortProbsAVX512(n *int64, p *float64, m int, nf, lambda *float64, reflect *bool, bidx *int32, bn, bp *float64) (nb, flags int)
// Per group of eight lanes (K7 those below m): the checks (n > 2⁵³
// unsigned, p NaN: return flags 4); the reflected lanes K3 = p > ½, q =
// 1 − p there; q = max(q, 0) (VMAXPD returns its second operand, +0, for
// −0 as Go's max does); λ = hazardLane(q); the lanes with n = 0 or q ≤ 0
// in the kernel at n = 0, the others in the kernel (K4) when n·λ < 50,
// else BTRS (K5), compressed in registers and stored whole at slot nb.
TEXT ·sortProbsAVX512(SB), NOSPLIT, $0-88
	MOVQ n+0(FP), SI
	MOVQ p+8(FP), DX
	MOVQ m+16(FP), CX
	MOVQ nf+24(FP), DI
	MOVQ lambda+32(FP), R9
	MOVQ reflect+40(FP), R10
	MOVQ bidx+48(FP), R11
	MOVQ bn+56(FP), R12
	MOVQ bp+64(FP), R13
	XORQ BX, BX  // nb
	XORQ R14, R14 // flags
	VBROADCASTSD spConst<>+0(SB), Z20
	VBROADCASTSD spConst<>+8(SB), Z21
	VBROADCASTSD spConst<>+16(SB), Z22
	VBROADCASTSD spConst<>+24(SB), Z23
	VPXORQ       Z24, Z24, Z24
	VPBROADCASTQ spConst<>+32(SB), Z25
	VBROADCASTSD spConst<>+40(SB), Z26
	VPBROADCASTQ spConst<>+48(SB), Z27
	VMOVDQU64    ·laneIota(SB), Z28
	VPBROADCASTQ spConst<>+56(SB), Z29
	LEAQ         ·vecLog1pCoef(SB), R8
	TESTQ        CX, CX
	JLE          pdone

pgroup:
	TAILMASK
	VMOVDQU64.Z (SI), K7, Z10
	VMOVUPD.Z   (DX), K7, Z0
	VPCMPUQ     $6, Z25, Z10, K7, K1
	VCMPPD      $0x03, Z0, Z0, K7, K2
	KORB        K1, K2, K1
	KORTESTB    K1, K1
	JNZ         pbad

	VCMPPD      $0x1e, Z22, Z0, K7, K3
	VSUBPD      Z0, Z23, Z11
	VMOVAPD     Z11, K3, Z0
	VMAXPD      Z24, Z0, Z0
	VMOVDQA64.Z Z27, K3, Z6
	VPMOVQB     Z6, X6
	MOVQ        X6, (R10)
	KORTESTB    K3, K3
	JZ          phazard
	ORQ         $2, R14

phazard:
	HAZARDLANE
	VPCMPQ      $4, Z24, Z10, K7, K1
	VCMPPD      $0x1e, Z24, Z0, K1, K1
	VCVTQQ2PD   Z10, Z4
	VMULPD      Z1, Z4, Z5
	VCMPPD      $0x11, Z26, Z5, K1, K4
	KXORB       K4, K1, K5
	VMOVAPD.Z   Z4, K4, Z6
	VMOVUPD     Z6, (DI)
	VMOVAPD.Z   Z1, K4, Z6
	VMOVUPD     Z6, (R9)
	KORTESTB    K4, K4
	JZ          pbtrs
	ORQ         $1, R14

pbtrs:
	VCOMPRESSPD Z4, K5, Z7
	VMOVUPD     Z7, (R12)(BX*8)
	VCOMPRESSPD Z0, K5, Z8
	VMOVUPD     Z8, (R13)(BX*8)
	VPMOVQD     Z28, Y9
	VPCOMPRESSD Z9, K5, Z12
	VMOVDQU     Y12, (R11)(BX*4)
	KMOVB       K5, AX
	POPCNTL     AX, AX
	ADDQ        AX, BX
	VPADDQ      Z29, Z28, Z28
	ADDQ        $64, SI
	ADDQ        $64, DX
	ADDQ        $64, DI
	ADDQ        $64, R9
	ADDQ        $8, R10
	SUBQ        $8, CX
	JG          pgroup

pdone:
	MOVQ BX, nb+72(FP)
	MOVQ R14, flags+80(FP)
	VZEROUPPER
	RET

pbad:
	MOVQ $0, nb+72(FP)
	MOVQ $4, flags+80(FP)
	VZEROUPPER
	RET
