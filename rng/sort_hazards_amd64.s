//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// shConst<>: 0 the integer 2⁵³ (MaxBinomialN), 8 ln 2, 16 50.0
// (binomialBatchLimit), 24 the integer 1 (laneBTRS), 32 the integer 8.
DATA shConst<>+0(SB)/8, $0x0020000000000000
DATA shConst<>+8(SB)/8, $0x3fe62e42fefa39ef
DATA shConst<>+16(SB)/8, $0x4049000000000000
DATA shConst<>+24(SB)/8, $1
DATA shConst<>+32(SB)/8, $8
GLOBL shConst<>(SB), RODATA|NOPTR, $40

// func sortHazardsAVX512(n *int64, h *float64, same float64, m int, nf, lambda *float64, kind *uint8, bidx *int32, bn, bp *float64) (nb, flags int)
// Per group of eight lanes (K7 the group's lanes below m): the checks
// (n > 2⁵³ unsigned, !(h ≥ 0), h > ln 2: return flags 2), then x = n·h,
// the kernel lanes K4 = x < 50 and the BTRS lanes K5 = K7 &^ K4. The
// BTRS lanes are compressed in registers and stored whole at slot nb (a
// memory-destination compress is slow on Zen 4).
TEXT ·sortHazardsAVX512(SB), NOSPLIT, $0-96
	MOVQ n+0(FP), SI
	MOVQ h+8(FP), DX
	MOVQ m+24(FP), CX
	MOVQ nf+32(FP), DI
	MOVQ lambda+40(FP), R8
	MOVQ kind+48(FP), R9
	MOVQ bidx+56(FP), R10
	MOVQ bn+64(FP), R11
	MOVQ bp+72(FP), R12
	XORQ R13, R13 // nb
	XORQ R14, R14 // flags
	VPBROADCASTQ shConst<>+0(SB), Z20
	VBROADCASTSD shConst<>+8(SB), Z21
	VBROADCASTSD shConst<>+16(SB), Z22
	VPBROADCASTQ shConst<>+24(SB), Z23
	VMOVDQU64 ·laneIota(SB), Z24
	VPBROADCASTQ shConst<>+32(SB), Z25
	VPXORQ Z26, Z26, Z26
	VBROADCASTSD same+16(FP), Z27
	TESTQ CX, CX
	JLE   done

group:
	TAILMASK
	VMOVDQU64.Z (SI), K7, Z0
	VMOVAPD.Z   Z27, K7, Z1
	TESTQ DX, DX
	JZ    checks
	VMOVUPD.Z (DX), K7, Z1
	ADDQ      $64, DX

checks:
	VPCMPUQ  $6, Z20, Z0, K7, K1
	VCMPPD   $0x1d, Z26, Z1, K7, K2
	KXORB    K2, K7, K2
	VCMPPD   $0x1e, Z21, Z1, K7, K3
	KORB     K1, K2, K1
	KORB     K1, K3, K1
	KORTESTB K1, K1
	JNZ      fallback

	VCVTQQ2PD Z0, Z2
	VMULPD    Z1, Z2, Z3
	VCMPPD    $0x11, Z22, Z3, K7, K4
	KXORB     K4, K7, K5
	VMOVAPD.Z Z2, K4, Z4
	VMOVUPD   Z4, (DI)
	VMOVAPD.Z Z1, K4, Z5
	VMOVUPD   Z5, (R8)
	VCMPPD    $0x1e, Z26, Z3, K4, K6
	KORTESTB  K6, K6
	JZ        kinds
	ORQ       $1, R14

kinds:
	VMOVDQA64.Z Z23, K5, Z6
	VPMOVQB     Z6, X6
	MOVQ        X6, (R9)
	VCOMPRESSPD Z2, K5, Z7
	VMOVUPD     Z7, (R11)(R13*8)
	VCOMPRESSPD Z1, K5, Z8
	VMOVUPD     Z8, (R12)(R13*8)
	VPMOVQD     Z24, Y9
	VPCOMPRESSD Z9, K5, Z10
	VMOVDQU     Y10, (R10)(R13*4)
	KMOVB       K5, AX
	POPCNTL     AX, AX
	ADDQ        AX, R13
	VPADDQ      Z25, Z24, Z24
	ADDQ        $64, SI
	ADDQ        $64, DI
	ADDQ        $64, R8
	ADDQ        $8, R9
	SUBQ        $8, CX
	JG          group

done:
	MOVQ R13, nb+80(FP)
	MOVQ R14, flags+88(FP)
	VZEROUPPER
	RET

fallback:
	MOVQ $0, nb+80(FP)
	MOVQ $2, flags+88(FP)
	VZEROUPPER
	RET
