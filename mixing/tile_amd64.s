//go:build amd64 && !purego

#include "textflag.h"

// Tile kernels of the factored force (see tile.go for the summation order).
// Registers: SI row pointer, R8 row stride in bytes, CX rows left,
// BX cols8 in bytes, R9 yRow, R10 yCol, R11 z, R12 dots, AX column offset.

// func tileAVX512(d *float64, stride, rows, cols8 int, yRow, yCol, z, dots *float64)
TEXT ·tileAVX512(SB), NOSPLIT, $0-64
	MOVQ d+0(FP), SI
	MOVQ stride+8(FP), R8
	SHLQ $3, R8
	MOVQ rows+16(FP), CX
	MOVQ cols8+24(FP), BX
	SHLQ $3, BX
	MOVQ yRow+32(FP), R9
	MOVQ yCol+40(FP), R10
	MOVQ z+48(FP), R11
	MOVQ dots+56(FP), R12

avx512row:
	VBROADCASTSD (R9), Z1        // yRow[r] in every lane
	VXORPD       Z0, Z0, Z0      // dot lanes
	XORQ         AX, AX

avx512col:
	VMOVUPD (SI)(AX*1), Z2       // row[j:j+8]
	VMULPD  (R10)(AX*1), Z2, Z3  // row·yCol
	VADDPD  Z3, Z0, Z0
	VMULPD  Z2, Z1, Z4           // yRow[r]·row
	VADDPD  (R11)(AX*1), Z4, Z4  // z + yRow[r]·row
	VMOVUPD Z4, (R11)(AX*1)
	ADDQ    $64, AX
	CMPQ    AX, BX
	JB      avx512col

	// ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7))
	VEXTRACTF64X4 $1, Z0, Y5
	VADDPD        Y5, Y0, Y0
	VEXTRACTF128  $1, Y0, X5
	VADDPD        X5, X0, X0
	VUNPCKHPD     X0, X0, X5
	VADDSD        X5, X0, X0
	VMOVSD        X0, (R12)

	ADDQ $8, R9
	ADDQ $8, R12
	ADDQ R8, SI
	DECQ CX
	JNE  avx512row
	VZEROUPPER
	RET

// func tileAVX2(d *float64, stride, rows, cols8 int, yRow, yCol, z, dots *float64)
TEXT ·tileAVX2(SB), NOSPLIT, $0-64
	MOVQ d+0(FP), SI
	MOVQ stride+8(FP), R8
	SHLQ $3, R8
	MOVQ rows+16(FP), CX
	MOVQ cols8+24(FP), BX
	SHLQ $3, BX
	MOVQ yRow+32(FP), R9
	MOVQ yCol+40(FP), R10
	MOVQ z+48(FP), R11
	MOVQ dots+56(FP), R12

avx2row:
	VBROADCASTSD (R9), Y1        // yRow[r] in every lane
	VXORPD       Y0, Y0, Y0      // dot lanes 0-3
	VXORPD       Y6, Y6, Y6      // dot lanes 4-7
	XORQ         AX, AX

avx2col:
	VMOVUPD (SI)(AX*1), Y2       // row[j:j+4]
	VMOVUPD 32(SI)(AX*1), Y7     // row[j+4:j+8]
	VMULPD  (R10)(AX*1), Y2, Y3
	VADDPD  Y3, Y0, Y0
	VMULPD  32(R10)(AX*1), Y7, Y3
	VADDPD  Y3, Y6, Y6
	VMULPD  Y2, Y1, Y4
	VADDPD  (R11)(AX*1), Y4, Y4
	VMOVUPD Y4, (R11)(AX*1)
	VMULPD  Y7, Y1, Y4
	VADDPD  32(R11)(AX*1), Y4, Y4
	VMOVUPD Y4, 32(R11)(AX*1)
	ADDQ    $64, AX
	CMPQ    AX, BX
	JB      avx2col

	// ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7))
	VADDPD       Y6, Y0, Y0
	VEXTRACTF128 $1, Y0, X5
	VADDPD       X5, X0, X0
	VUNPCKHPD    X0, X0, X5
	VADDSD       X5, X0, X0
	VMOVSD       X0, (R12)

	ADDQ $8, R9
	ADDQ $8, R12
	ADDQ R8, SI
	DECQ CX
	JNE  avx2row
	VZEROUPPER
	RET
