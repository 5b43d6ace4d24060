//go:build amd64 && !purego

#include "textflag.h"

// Register-tile kernels of the product (see kernel.go for the contract and
// doc.go for the summation order): every element of the tile accumulates
// its own fused multiply-adds in increasing t from +0, so the kernels equal
// kernelGeneric bit for bit.
//
// Registers: SI packed row panel of V, DI packed column panel of X (the
// row of t, tileCols = 16 values, 128 bytes), R8 off[t], CX rows left n,
// DX tile of Y, BX row stride of Y in bytes, AX off[t] (V's row panel holds
// V[r][k] at element off[t] + r).

// ROW512 adds V[r][k]·X[k] to the two accumulators A0, A1 of tile row r
// (V element at byte offset OFF from SI+AX·8), broadcasting through B.
#define ROW512(OFF, B, A0, A1) \
	VBROADCASTSD OFF(SI)(AX*8), B; \
	VFMADD231PD Z24, B, A0; \
	VFMADD231PD Z25, B, A1

// func kernAVX512(vp, xp *float64, off *int, n int, y *float64, ys int)
//
// 12 rows × 16 columns: accumulators Z0…Z23 (row r in Z(2r), Z(2r+1)), X's
// row in Z24, Z25, broadcasts of V in Z26…Z31.
TEXT ·kernAVX512(SB), NOSPLIT, $0-48
	MOVQ vp+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ off+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ y+32(FP), DX
	MOVQ ys+40(FP), BX
	SHLQ $3, BX
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2
	VXORPD Z3, Z3, Z3
	VXORPD Z4, Z4, Z4
	VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6
	VXORPD Z7, Z7, Z7
	VXORPD Z8, Z8, Z8
	VXORPD Z9, Z9, Z9
	VXORPD Z10, Z10, Z10
	VXORPD Z11, Z11, Z11
	VXORPD Z12, Z12, Z12
	VXORPD Z13, Z13, Z13
	VXORPD Z14, Z14, Z14
	VXORPD Z15, Z15, Z15
	VXORPD Z16, Z16, Z16
	VXORPD Z17, Z17, Z17
	VXORPD Z18, Z18, Z18
	VXORPD Z19, Z19, Z19
	VXORPD Z20, Z20, Z20
	VXORPD Z21, Z21, Z21
	VXORPD Z22, Z22, Z22
	VXORPD Z23, Z23, Z23
	TESTQ CX, CX
	JZ avx512store
avx512loop:
	MOVQ (R8), AX
	VMOVUPD (DI), Z24
	VMOVUPD 64(DI), Z25
	ROW512(0, Z26, Z0, Z1)
	ROW512(8, Z27, Z2, Z3)
	ROW512(16, Z28, Z4, Z5)
	ROW512(24, Z29, Z6, Z7)
	ROW512(32, Z30, Z8, Z9)
	ROW512(40, Z31, Z10, Z11)
	ROW512(48, Z26, Z12, Z13)
	ROW512(56, Z27, Z14, Z15)
	ROW512(64, Z28, Z16, Z17)
	ROW512(72, Z29, Z18, Z19)
	ROW512(80, Z30, Z20, Z21)
	ROW512(88, Z31, Z22, Z23)
	ADDQ $8, R8
	ADDQ $128, DI
	DECQ CX
	JNZ avx512loop
avx512store:
	VMOVUPD Z0, (DX)
	VMOVUPD Z1, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z2, (DX)
	VMOVUPD Z3, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z4, (DX)
	VMOVUPD Z5, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z6, (DX)
	VMOVUPD Z7, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z8, (DX)
	VMOVUPD Z9, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z10, (DX)
	VMOVUPD Z11, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z12, (DX)
	VMOVUPD Z13, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z14, (DX)
	VMOVUPD Z15, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z16, (DX)
	VMOVUPD Z17, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z18, (DX)
	VMOVUPD Z19, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z20, (DX)
	VMOVUPD Z21, 64(DX)
	ADDQ BX, DX
	VMOVUPD Z22, (DX)
	VMOVUPD Z23, 64(DX)
	VZEROUPPER
	RET

// ROW256 is ROW512 on 4-lane vectors: accumulators A0, A1, X in Y12, Y13.
#define ROW256(OFF, B, A0, A1) \
	VBROADCASTSD OFF(SI)(AX*8), B; \
	VFMADD231PD Y12, B, A0; \
	VFMADD231PD Y13, B, A1

// func kernAVX2(vp, xp *float64, off *int, n int, y *float64, ys int)
//
// 6 rows × 8 columns of the tile (the caller offsets vp by the first row
// and xp and y by the first column): accumulators Y0…Y11 (row r in Y(2r),
// Y(2r+1)), X's 8 values in Y12, Y13, broadcasts in Y14, Y15. The X panel's
// row stride stays 128 bytes.
TEXT ·kernAVX2(SB), NOSPLIT, $0-48
	MOVQ vp+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ off+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ y+32(FP), DX
	MOVQ ys+40(FP), BX
	SHLQ $3, BX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	VXORPD Y8, Y8, Y8
	VXORPD Y9, Y9, Y9
	VXORPD Y10, Y10, Y10
	VXORPD Y11, Y11, Y11
	TESTQ CX, CX
	JZ avx2store
avx2loop:
	MOVQ (R8), AX
	VMOVUPD (DI), Y12
	VMOVUPD 32(DI), Y13
	ROW256(0, Y14, Y0, Y1)
	ROW256(8, Y15, Y2, Y3)
	ROW256(16, Y14, Y4, Y5)
	ROW256(24, Y15, Y6, Y7)
	ROW256(32, Y14, Y8, Y9)
	ROW256(40, Y15, Y10, Y11)
	ADDQ $8, R8
	ADDQ $128, DI
	DECQ CX
	JNZ avx2loop
avx2store:
	VMOVUPD Y0, (DX)
	VMOVUPD Y1, 32(DX)
	ADDQ BX, DX
	VMOVUPD Y2, (DX)
	VMOVUPD Y3, 32(DX)
	ADDQ BX, DX
	VMOVUPD Y4, (DX)
	VMOVUPD Y5, 32(DX)
	ADDQ BX, DX
	VMOVUPD Y6, (DX)
	VMOVUPD Y7, 32(DX)
	ADDQ BX, DX
	VMOVUPD Y8, (DX)
	VMOVUPD Y9, 32(DX)
	ADDQ BX, DX
	VMOVUPD Y10, (DX)
	VMOVUPD Y11, 32(DX)
	VZEROUPPER
	RET
