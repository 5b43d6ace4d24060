//go:build amd64 && !purego

#include "textflag.h"

// Batched tile kernels, AVX-512 (see batch_tile.go for the layout and the
// summation order), for float64 and float32 tiles (a float32 element is
// broadcast and widened to float64 exactly; all arithmetic is float64).
// Two passes over the tile (the second from cache):
//
//  1. dots: two rows at a time, one chunk of 8 vectors at a time; the 8 dot
//     lanes of both rows stay in registers (row a lane k in Zk, row b lane
//     k in Z(8+k)); each column's yCol chunk is loaded once and multiplied
//     by the rows' broadcast elements, the products added to lane j mod 8;
//     the lanes are reduced by the tree ((l0+l4)+(l2+l6)) +
//     ((l1+l5)+(l3+l7)). A last odd row goes alone.
//  2. z: eight columns and one chunk at a time, z held in Z0…Z7 over all
//     rows in increasing order, each row adding yRow[r]·d[r][j].
//
// Every product is rounded before its addition (no fused multiply-add).
// Registers (dots pass): SI row pointer, R8 row stride in bytes, CX rows
// left, BX column groups of 8, R13 G·8, R9 yRow, R10 yCol, R11 z, R12 dots
// row pointer, R14 chunk offset in bytes, DX element pointer, DI yCol
// offset j·G·8 + chunk offset, AX column groups left. (z pass): SI tile,
// AX column offset in bytes, BX columns in bytes, DI z offset of column j
// (j·G·8), R14 chunk offset, R12 z pointer of the block, CX element
// pointer, DX yRow pointer, R10 rows left.

// MUL64 and MUL32 set DST = element at MEM (float64, or float32 widened
// through register T) times SRC, broadcast over the vectors.
#define MUL64(MEM, SRC, DST, TY, TZ) VMULPD.BCST MEM, SRC, DST
#define MUL32(MEM, SRC, DST, TY, TZ) VBROADCASTSS MEM, TY; VCVTPS2PD TY, TZ; VMULPD TZ, SRC, DST

// DPAIR adds the column at byte offset OFF of the group, rows a and b, to
// their lanes LA and LB (MUL: MUL64 or MUL32), then moves DI to the next
// column.
#define DPAIR(MUL, OFF, LA, LB) \
	VMOVUPD (R10)(DI*1), Z16; \
	MUL(OFF(DX), Z16, Z17, Y19, Z19); \
	VADDPD Z17, LA, LA; \
	MUL(OFF(DX)(R8*1), Z16, Z18, Y20, Z20); \
	VADDPD Z18, LB, LB; \
	ADDQ R13, DI

// DONE adds the column at byte offset OFF of the group, one row, to its
// lane L.
#define DONE(MUL, OFF, L) \
	VMOVUPD (R10)(DI*1), Z16; \
	MUL(OFF(DX), Z16, Z17, Y19, Z19); \
	VADDPD Z17, L, L; \
	ADDQ R13, DI

// ZCOL adds yRow[r]·d[r][j] (element at OFF(CX), yRow chunk in Z16) to z
// column register Z, using T as scratch.
#define ZCOL(MUL, OFF, T, TY, TZ, Z) \
	MUL(OFF(CX), Z16, T, TY, TZ); \
	VADDPD T, Z, Z

// TREE reduces lanes L0…L7 into L0: ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)).
#define TREE(L0, L1, L2, L3, L4, L5, L6, L7) \
	VADDPD L4, L0, L0; \
	VADDPD L6, L2, L2; \
	VADDPD L5, L1, L1; \
	VADDPD L7, L3, L3; \
	VADDPD L2, L0, L0; \
	VADDPD L3, L1, L1; \
	VADDPD L1, L0, L0

// ZLOAD and ZSTORE move the z block (8 columns G·8 bytes apart, from DX) to
// and from Z0…Z7.
#define ZLOAD \
	VMOVUPD (DX), Z0; ADDQ R13, DX; VMOVUPD (DX), Z1; ADDQ R13, DX; \
	VMOVUPD (DX), Z2; ADDQ R13, DX; VMOVUPD (DX), Z3; ADDQ R13, DX; \
	VMOVUPD (DX), Z4; ADDQ R13, DX; VMOVUPD (DX), Z5; ADDQ R13, DX; \
	VMOVUPD (DX), Z6; ADDQ R13, DX; VMOVUPD (DX), Z7
#define ZSTORE \
	VMOVUPD Z0, (DX); ADDQ R13, DX; VMOVUPD Z1, (DX); ADDQ R13, DX; \
	VMOVUPD Z2, (DX); ADDQ R13, DX; VMOVUPD Z3, (DX); ADDQ R13, DX; \
	VMOVUPD Z4, (DX); ADDQ R13, DX; VMOVUPD Z5, (DX); ADDQ R13, DX; \
	VMOVUPD Z6, (DX); ADDQ R13, DX; VMOVUPD Z7, (DX)

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
b64dpair:
	CMPQ CX, $2
	JB b64dsingle
	XORQ R14, R14
b64dpairchunk:
	VXORPD Z0, Z0, Z0; VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2; VXORPD Z3, Z3, Z3
	VXORPD Z4, Z4, Z4; VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6; VXORPD Z7, Z7, Z7
	VXORPD Z8, Z8, Z8; VXORPD Z9, Z9, Z9
	VXORPD Z10, Z10, Z10; VXORPD Z11, Z11, Z11
	VXORPD Z12, Z12, Z12; VXORPD Z13, Z13, Z13
	VXORPD Z14, Z14, Z14; VXORPD Z15, Z15, Z15
	MOVQ SI, DX
	MOVQ R14, DI
	MOVQ BX, AX
b64dpaircol:
	DPAIR(MUL64, 0, Z0, Z8)
	DPAIR(MUL64, 8, Z1, Z9)
	DPAIR(MUL64, 16, Z2, Z10)
	DPAIR(MUL64, 24, Z3, Z11)
	DPAIR(MUL64, 32, Z4, Z12)
	DPAIR(MUL64, 40, Z5, Z13)
	DPAIR(MUL64, 48, Z6, Z14)
	DPAIR(MUL64, 56, Z7, Z15)
	ADDQ $64, DX
	DECQ AX
	JNZ b64dpaircol
	TREE(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	TREE(Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15)
	VMOVUPD Z0, (R12)(R14*1)
	LEAQ (R12)(R13*1), DX
	VMOVUPD Z8, (DX)(R14*1)
	ADDQ $64, R14
	CMPQ R14, R13
	JB b64dpairchunk
	LEAQ (SI)(R8*2), SI
	LEAQ (R12)(R13*2), R12
	SUBQ $2, CX
	JMP b64dpair
b64dsingle:
	TESTQ CX, CX
	JE b64zpass
	XORQ R14, R14
b64dsinglechunk:
	VXORPD Z0, Z0, Z0; VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2; VXORPD Z3, Z3, Z3
	VXORPD Z4, Z4, Z4; VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6; VXORPD Z7, Z7, Z7
	MOVQ SI, DX
	MOVQ R14, DI
	MOVQ BX, AX
b64dsinglecol:
	DONE(MUL64, 0, Z0)
	DONE(MUL64, 8, Z1)
	DONE(MUL64, 16, Z2)
	DONE(MUL64, 24, Z3)
	DONE(MUL64, 32, Z4)
	DONE(MUL64, 40, Z5)
	DONE(MUL64, 48, Z6)
	DONE(MUL64, 56, Z7)
	ADDQ $64, DX
	DECQ AX
	JNZ b64dsinglecol
	TREE(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	VMOVUPD Z0, (R12)(R14*1)
	ADDQ $64, R14
	CMPQ R14, R13
	JB b64dsinglechunk
b64zpass:
	MOVQ d+0(FP), SI
	MOVQ cols+24(FP), BX
	SHLQ $3, BX
	XORQ AX, AX
	XORQ DI, DI
b64zgroup:
	XORQ R14, R14
b64zchunk:
	LEAQ (R11)(DI*1), R12
	ADDQ R14, R12
	MOVQ R12, DX
	ZLOAD
	LEAQ (SI)(AX*1), CX
	LEAQ (R9)(R14*1), DX
	MOVQ rows+16(FP), R10
b64zrow:
	VMOVUPD (DX), Z16
	ZCOL(MUL64, 0, Z17, Y21, Z21, Z0)
	ZCOL(MUL64, 8, Z18, Y22, Z22, Z1)
	ZCOL(MUL64, 16, Z19, Y23, Z23, Z2)
	ZCOL(MUL64, 24, Z20, Y24, Z24, Z3)
	ZCOL(MUL64, 32, Z17, Y21, Z21, Z4)
	ZCOL(MUL64, 40, Z18, Y22, Z22, Z5)
	ZCOL(MUL64, 48, Z19, Y23, Z23, Z6)
	ZCOL(MUL64, 56, Z20, Y24, Z24, Z7)
	ADDQ R8, CX
	ADDQ R13, DX
	DECQ R10
	JNZ b64zrow
	MOVQ R12, DX
	ZSTORE
	ADDQ $64, R14
	CMPQ R14, R13
	JB b64zchunk
	ADDQ $64, AX
	LEAQ (DI)(R13*8), DI
	CMPQ AX, BX
	JB b64zgroup
	VZEROUPPER
	RET

// func batchTile32AVX512(d *float32, stride, rows, cols, G int, yRow, yCol, z, dots *float64)
TEXT ·batchTile32AVX512(SB), NOSPLIT, $0-72
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
	SHLQ $2, R8
	SHRQ $3, BX
b32dpair:
	CMPQ CX, $2
	JB b32dsingle
	XORQ R14, R14
b32dpairchunk:
	VXORPD Z0, Z0, Z0; VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2; VXORPD Z3, Z3, Z3
	VXORPD Z4, Z4, Z4; VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6; VXORPD Z7, Z7, Z7
	VXORPD Z8, Z8, Z8; VXORPD Z9, Z9, Z9
	VXORPD Z10, Z10, Z10; VXORPD Z11, Z11, Z11
	VXORPD Z12, Z12, Z12; VXORPD Z13, Z13, Z13
	VXORPD Z14, Z14, Z14; VXORPD Z15, Z15, Z15
	MOVQ SI, DX
	MOVQ R14, DI
	MOVQ BX, AX
b32dpaircol:
	DPAIR(MUL32, 0, Z0, Z8)
	DPAIR(MUL32, 4, Z1, Z9)
	DPAIR(MUL32, 8, Z2, Z10)
	DPAIR(MUL32, 12, Z3, Z11)
	DPAIR(MUL32, 16, Z4, Z12)
	DPAIR(MUL32, 20, Z5, Z13)
	DPAIR(MUL32, 24, Z6, Z14)
	DPAIR(MUL32, 28, Z7, Z15)
	ADDQ $32, DX
	DECQ AX
	JNZ b32dpaircol
	TREE(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	TREE(Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15)
	VMOVUPD Z0, (R12)(R14*1)
	LEAQ (R12)(R13*1), DX
	VMOVUPD Z8, (DX)(R14*1)
	ADDQ $64, R14
	CMPQ R14, R13
	JB b32dpairchunk
	LEAQ (SI)(R8*2), SI
	LEAQ (R12)(R13*2), R12
	SUBQ $2, CX
	JMP b32dpair
b32dsingle:
	TESTQ CX, CX
	JE b32zpass
	XORQ R14, R14
b32dsinglechunk:
	VXORPD Z0, Z0, Z0; VXORPD Z1, Z1, Z1
	VXORPD Z2, Z2, Z2; VXORPD Z3, Z3, Z3
	VXORPD Z4, Z4, Z4; VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6; VXORPD Z7, Z7, Z7
	MOVQ SI, DX
	MOVQ R14, DI
	MOVQ BX, AX
b32dsinglecol:
	DONE(MUL32, 0, Z0)
	DONE(MUL32, 4, Z1)
	DONE(MUL32, 8, Z2)
	DONE(MUL32, 12, Z3)
	DONE(MUL32, 16, Z4)
	DONE(MUL32, 20, Z5)
	DONE(MUL32, 24, Z6)
	DONE(MUL32, 28, Z7)
	ADDQ $32, DX
	DECQ AX
	JNZ b32dsinglecol
	TREE(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	VMOVUPD Z0, (R12)(R14*1)
	ADDQ $64, R14
	CMPQ R14, R13
	JB b32dsinglechunk
b32zpass:
	MOVQ d+0(FP), SI
	MOVQ cols+24(FP), BX
	SHLQ $2, BX
	XORQ AX, AX
	XORQ DI, DI
b32zgroup:
	XORQ R14, R14
b32zchunk:
	LEAQ (R11)(DI*1), R12
	ADDQ R14, R12
	MOVQ R12, DX
	ZLOAD
	LEAQ (SI)(AX*1), CX
	LEAQ (R9)(R14*1), DX
	MOVQ rows+16(FP), R10
b32zrow:
	VMOVUPD (DX), Z16
	ZCOL(MUL32, 0, Z17, Y21, Z21, Z0)
	ZCOL(MUL32, 4, Z18, Y22, Z22, Z1)
	ZCOL(MUL32, 8, Z19, Y23, Z23, Z2)
	ZCOL(MUL32, 12, Z20, Y24, Z24, Z3)
	ZCOL(MUL32, 16, Z17, Y21, Z21, Z4)
	ZCOL(MUL32, 20, Z18, Y22, Z22, Z5)
	ZCOL(MUL32, 24, Z19, Y23, Z23, Z6)
	ZCOL(MUL32, 28, Z20, Y24, Z24, Z7)
	ADDQ R8, CX
	ADDQ R13, DX
	DECQ R10
	JNZ b32zrow
	MOVQ R12, DX
	ZSTORE
	ADDQ $64, R14
	CMPQ R14, R13
	JB b32zchunk
	ADDQ $32, AX
	LEAQ (DI)(R13*8), DI
	CMPQ AX, BX
	JB b32zgroup
	VZEROUPPER
	RET
