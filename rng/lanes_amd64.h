// Macros shared by the rng package's AVX-512 kernels.

// EXPLANE(COEF) sets Z3 to expLane(Z2) (expvec.go: the same operations in
// the same order, no fused multiply-add), COEF a register pointing at
// vecExpCoef; it expects log₂ e in Z21, 1.5·2⁵² in Z22 and Cody & Waite's
// ln 2 in Z23 (high) and Z24 (low). Temporaries Z6–Z9.
#define EXPLANE(COEF) \
	VMULPD Z21, Z2, Z6 \
	VADDPD Z22, Z6, Z6 \
	VSUBPD Z22, Z6, Z7 \
	VMULPD Z23, Z7, Z8 \
	VSUBPD Z8, Z2, Z9 \
	VMULPD Z24, Z7, Z8 \
	VSUBPD Z8, Z9, Z9 \
	VBROADCASTSD 0(COEF), Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 8(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 16(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 24(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 32(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 40(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 48(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 56(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 64(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 72(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 80(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 88(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 96(COEF), Z3, Z3 \
	VMULPD Z9, Z3, Z3; VADDPD.BCST 104(COEF), Z3, Z3 \
	VPSUBQ Z22, Z6, Z6 \
	VPSLLQ $52, Z6, Z6 \
	VPADDQ Z6, Z3, Z3
