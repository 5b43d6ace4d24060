//go:build amd64 && !purego

#include "textflag.h"

// Batched tile kernel, AVX-512 (see batch_tile.go for the layout and the
// summation order). Two passes over the tile (the second from cache):
//
//  1. dots: two rows at a time, one chunk of 8 vectors at a time; the 8 dot
//     lanes of both rows stay in registers (row a lane k in Zk, row b lane
//     k in Z(8+k)); each column's yCol chunk is loaded once and multiplied
//     by the rows' broadcast elements (embedded broadcast), the products
//     added to lane j mod 8; the lanes are reduced by the tree
//     ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)).
//  2. z: eight columns and one chunk at a time, z held in Z0…Z7 over all
//     rows in increasing order, each row adding yRow[r]·d[r][j].
//
// Every product is rounded before its addition (no fused multiply-add).
// Registers (dots pass): SI row pointer, R8 row stride in bytes, CX rows
// left, BX columns, R13 G·8, R9 yRow, R10 yCol, R11 z, R12 dots row
// pointer, R14 chunk offset in bytes, DX element pointer, DI yCol offset
// j·G·8 + chunk offset, AX column groups left.

// func batchTileAVX512(d *float64, stride, rows, cols, G int, yRow, yCol, z, dots *float64)
TEXT ·batchTileAVX512(SB), NOSPLIT, $0-72
	MOVQ d+0(FP), SI
	MOVQ stride+8(FP), R8
	MOVQ rows+16(FP), CX
	MOVQ cols+24(FP), BX
	MOVQ G+32(FP), R13
	MOVQ yRow+40(FP), R9
	MOVQ yCol+48(FP), R10
	MOVQ z+56(FP), R11
	MOVQ dots+64(FP), R12
	SHLQ $3, R13
	SHLQ $3, R8
	SHRQ $3, BX
dpair:
	CMPQ CX, $2
	JB dsingle
	XORQ R14, R14
dpairchunk:
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
	MOVQ SI, DX
	MOVQ R14, DI
	MOVQ BX, AX
dpaircol:
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 0(DX), Z16, Z17
	VADDPD Z17, Z0, Z0
	VMULPD.BCST 0(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z8, Z8
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 8(DX), Z16, Z17
	VADDPD Z17, Z1, Z1
	VMULPD.BCST 8(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z9, Z9
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 16(DX), Z16, Z17
	VADDPD Z17, Z2, Z2
	VMULPD.BCST 16(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z10, Z10
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 24(DX), Z16, Z17
	VADDPD Z17, Z3, Z3
	VMULPD.BCST 24(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z11, Z11
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 32(DX), Z16, Z17
	VADDPD Z17, Z4, Z4
	VMULPD.BCST 32(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z12, Z12
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 40(DX), Z16, Z17
	VADDPD Z17, Z5, Z5
	VMULPD.BCST 40(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z13, Z13
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 48(DX), Z16, Z17
	VADDPD Z17, Z6, Z6
	VMULPD.BCST 48(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z14, Z14
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 56(DX), Z16, Z17
	VADDPD Z17, Z7, Z7
	VMULPD.BCST 56(DX)(R8*1), Z16, Z18
	VADDPD Z18, Z15, Z15
	ADDQ R13, DI
	ADDQ $64, DX
	DECQ AX
	JNZ dpaircol
	VADDPD Z4, Z0, Z0
	VADDPD Z6, Z2, Z2
	VADDPD Z5, Z1, Z1
	VADDPD Z7, Z3, Z3
	VADDPD Z2, Z0, Z0
	VADDPD Z3, Z1, Z1
	VADDPD Z1, Z0, Z0
	VADDPD Z12, Z8, Z8
	VADDPD Z14, Z10, Z10
	VADDPD Z13, Z9, Z9
	VADDPD Z15, Z11, Z11
	VADDPD Z10, Z8, Z8
	VADDPD Z11, Z9, Z9
	VADDPD Z9, Z8, Z8
	VMOVUPD Z0, (R12)(R14*1)
	LEAQ (R12)(R13*1), DX
	VMOVUPD Z8, (DX)(R14*1)
	ADDQ $64, R14
	CMPQ R14, R13
	JB dpairchunk
	LEAQ (SI)(R8*2), SI
	LEAQ (R12)(R13*2), R12
	SUBQ $2, CX
	JMP dpair
dsingle:
	TESTQ CX, CX
	JE zpass
	XORQ R14, R14
dsinglechunk:
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2
	VXORPD Z3, Z3, Z3
	VXORPD Z4, Z4, Z4
	VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6
	VXORPD Z7, Z7, Z7
	MOVQ SI, DX
	MOVQ R14, DI
	MOVQ BX, AX
dsinglecol:
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 0(DX), Z16, Z17
	VADDPD Z17, Z0, Z0
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 8(DX), Z16, Z17
	VADDPD Z17, Z1, Z1
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 16(DX), Z16, Z17
	VADDPD Z17, Z2, Z2
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 24(DX), Z16, Z17
	VADDPD Z17, Z3, Z3
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 32(DX), Z16, Z17
	VADDPD Z17, Z4, Z4
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 40(DX), Z16, Z17
	VADDPD Z17, Z5, Z5
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 48(DX), Z16, Z17
	VADDPD Z17, Z6, Z6
	ADDQ R13, DI
	VMOVUPD (R10)(DI*1), Z16
	VMULPD.BCST 56(DX), Z16, Z17
	VADDPD Z17, Z7, Z7
	ADDQ R13, DI
	ADDQ $64, DX
	DECQ AX
	JNZ dsinglecol
	VADDPD Z4, Z0, Z0
	VADDPD Z6, Z2, Z2
	VADDPD Z5, Z1, Z1
	VADDPD Z7, Z3, Z3
	VADDPD Z2, Z0, Z0
	VADDPD Z3, Z1, Z1
	VADDPD Z1, Z0, Z0
	VMOVUPD Z0, (R12)(R14*1)
	ADDQ $64, R14
	CMPQ R14, R13
	JB dsinglechunk

// z pass. Registers: SI tile, AX column offset in bytes (j·8), BX columns
// in bytes, DI z offset of column j (j·G·8), R14 chunk offset, R12 z
// pointer of the block, CX element pointer, DX yRow pointer, R10 rows left.
zpass:
	MOVQ d+0(FP), SI
	MOVQ cols+24(FP), BX
	SHLQ $3, BX
	XORQ AX, AX
	XORQ DI, DI
zgroup:
	XORQ R14, R14
zchunk:
	LEAQ (R11)(DI*1), R12
	ADDQ R14, R12
	MOVQ R12, DX
	VMOVUPD (DX), Z0
	ADDQ R13, DX
	VMOVUPD (DX), Z1
	ADDQ R13, DX
	VMOVUPD (DX), Z2
	ADDQ R13, DX
	VMOVUPD (DX), Z3
	ADDQ R13, DX
	VMOVUPD (DX), Z4
	ADDQ R13, DX
	VMOVUPD (DX), Z5
	ADDQ R13, DX
	VMOVUPD (DX), Z6
	ADDQ R13, DX
	VMOVUPD (DX), Z7
	LEAQ (SI)(AX*1), CX
	LEAQ (R9)(R14*1), DX
	MOVQ rows+16(FP), R10
zrow:
	VMOVUPD (DX), Z16
	VMULPD.BCST 0(CX), Z16, Z17
	VADDPD Z17, Z0, Z0
	VMULPD.BCST 8(CX), Z16, Z18
	VADDPD Z18, Z1, Z1
	VMULPD.BCST 16(CX), Z16, Z19
	VADDPD Z19, Z2, Z2
	VMULPD.BCST 24(CX), Z16, Z20
	VADDPD Z20, Z3, Z3
	VMULPD.BCST 32(CX), Z16, Z17
	VADDPD Z17, Z4, Z4
	VMULPD.BCST 40(CX), Z16, Z18
	VADDPD Z18, Z5, Z5
	VMULPD.BCST 48(CX), Z16, Z19
	VADDPD Z19, Z6, Z6
	VMULPD.BCST 56(CX), Z16, Z20
	VADDPD Z20, Z7, Z7
	ADDQ R8, CX
	ADDQ R13, DX
	DECQ R10
	JNZ zrow
	MOVQ R12, DX
	VMOVUPD Z0, (DX)
	ADDQ R13, DX
	VMOVUPD Z1, (DX)
	ADDQ R13, DX
	VMOVUPD Z2, (DX)
	ADDQ R13, DX
	VMOVUPD Z3, (DX)
	ADDQ R13, DX
	VMOVUPD Z4, (DX)
	ADDQ R13, DX
	VMOVUPD Z5, (DX)
	ADDQ R13, DX
	VMOVUPD Z6, (DX)
	ADDQ R13, DX
	VMOVUPD Z7, (DX)
	ADDQ $64, R14
	CMPQ R14, R13
	JB zchunk
	ADDQ $64, AX
	LEAQ (DI)(R13*8), DI
	CMPQ AX, BX
	JB zgroup
	VZEROUPPER
	RET
