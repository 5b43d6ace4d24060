//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// hzConst<>: the sign bit, 2.0 (hazardLane, expvec.go) and 1.0
// (probLane).
DATA hzConst<>+0(SB)/8, $0x8000000000000000
DATA hzConst<>+8(SB)/8, $0x4000000000000000
DATA hzConst<>+16(SB)/8, $0x3ff0000000000000
GLOBL hzConst<>(SB), RODATA|NOPTR, $24

// func hazardsAVX512(p, out *float64, n int)
// out[j] = hazardLane(p[j]), eight lanes per step (n a multiple of 8).
TEXT ·hazardsAVX512(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ out+8(FP), DI
	MOVQ n+16(FP), CX
	VBROADCASTSD hzConst<>+0(SB), Z20
	VBROADCASTSD hzConst<>+8(SB), Z21
	LEAQ ·vecLog1pCoef(SB), R8

hloop:
	VMOVUPD (SI), Z0
	HAZARDLANE
	VMOVUPD Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  hloop
	VZEROUPPER
	RET

// func probsAVX512(h, out *float64, n int)
// out[j] = probLane(h[j]) = s/(1 + s), s = expm1Lane(h[j]), eight lanes
// per step (n a multiple of 8).
TEXT ·probsAVX512(SB), NOSPLIT, $0-24
	MOVQ h+0(FP), SI
	MOVQ out+8(FP), DI
	MOVQ n+16(FP), CX
	VBROADCASTSD hzConst<>+16(SB), Z20
	LEAQ ·vecExpm1Coef(SB), R8

ploop:
	VMOVUPD (SI), Z0
	VBROADCASTSD 0(R8), Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 8(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 16(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 24(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 32(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 40(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 48(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 56(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 64(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 72(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 80(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 88(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 96(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 104(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 112(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 120(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 128(R8), Z3, Z3
	VMULPD Z0, Z3, Z3; VADDPD.BCST 136(R8), Z3, Z3
	VMULPD Z3, Z0, Z3
	VADDPD Z20, Z3, Z1
	VDIVPD Z1, Z3, Z3
	VMOVUPD Z3, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  ploop
	VZEROUPPER
	RET
