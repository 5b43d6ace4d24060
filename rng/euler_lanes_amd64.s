//go:build amd64 && !purego

#include "textflag.h"
#include "lanes_amd64.h"

// elConst<>: 0 the sign bit, 8 1.0.
DATA elConst<>+0(SB)/8, $0x8000000000000000
DATA elConst<>+8(SB)/8, $0x3ff0000000000000
GLOBL elConst<>(SB), RODATA|NOPTR, $16

// func eulerLanesAVX512(r1, r2 *float64, dt float64, hazard, rare, share *float64, m int) (ok int)
// Per group of eight lanes (K7 those below m): the check x ≥ 0 and y ≥ 0
// (false for NaN: return 0), total = x + y, inv = 1/total, hazard =
// total·dt, rare = min(x, y)·inv, share = x·inv, and 0, 0, 1 where total
// = 0. Go's min of two non-negative rates: VMINPD, with the sign bit of
// either (only −0 has it, and then it is the minimum) or'd in, since
// MINPD returns its second operand for two zeros of either sign.
TEXT ·eulerLanesAVX512(SB), NOSPLIT, $0-64
	MOVQ r1+0(FP), SI
	MOVQ r2+8(FP), DX
	MOVQ hazard+24(FP), DI
	MOVQ rare+32(FP), R8
	MOVQ share+40(FP), R9
	MOVQ m+48(FP), CX
	VBROADCASTSD dt+16(FP), Z20
	VBROADCASTSD elConst<>+0(SB), Z21
	VBROADCASTSD elConst<>+8(SB), Z22
	VPXORQ Z23, Z23, Z23
	MOVQ $1, R10

group:
	TAILMASK
	VMOVUPD.Z (SI), K7, Z0
	VMOVUPD.Z (DX), K7, Z1
	VCMPPD   $0x1d, Z23, Z0, K7, K1
	VCMPPD   $0x1d, Z23, Z1, K1, K1
	KXORB    K1, K7, K1
	KORTESTB K1, K1
	JNZ      bad

	VADDPD    Z1, Z0, Z2
	VCMPPD    $0x04, Z23, Z2, K2
	VDIVPD    Z2, Z22, Z3
	VMULPD    Z20, Z2, Z4
	VMINPD    Z1, Z0, Z5
	VPORQ     Z0, Z1, Z6
	VPANDQ    Z21, Z6, Z6
	VPORQ     Z6, Z5, Z5
	VMULPD    Z3, Z5, Z5
	VMULPD    Z3, Z0, Z6
	VMOVAPD.Z Z4, K2, Z4
	VMOVAPD.Z Z5, K2, Z5
	VMOVAPD   Z22, Z7
	VMOVAPD   Z6, K2, Z7
	VMOVUPD   Z4, (DI)
	VMOVUPD   Z5, (R8)
	VMOVUPD   Z7, (R9)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	ADDQ      $64, R8
	ADDQ      $64, R9
	SUBQ      $8, CX
	JG        group
	MOVQ      R10, ok+56(FP)
	VZEROUPPER
	RET

bad:
	MOVQ $0, ok+56(FP)
	VZEROUPPER
	RET
