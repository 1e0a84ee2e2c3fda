//go:build !purego

#include "textflag.h"

// NEON span kernels: the exact integer arithmetic of over() in pixel.go,
// eight pixels (two registers of four) at a time, byte-identical to the
// portable kernels (span_kernels_test.go, run under qemu-aarch64 by make
// test). For each byte c of the destination pixel and the source alpha a:
//
//	t  = c*(255-a)                UMULL/UMULL2 (16-bit, at most 65025)
//	c' = RADDHN(t, URSHR(t, 8)) + s.c
//	   = (t + 128 + (t+128)>>8) >> 8 + s.c
//
// which is mul255 exactly (the sum stays below 65536). An opaque pixel
// gives 255-a = 0, c' = s.c: no branch. As on amd64, only full-width
// loads and stores: a run of n ≥ 8 pixels ends with one block over its
// last eight, computed before the body stores anything; 4–7 pixels are
// the first and last four, 2–3 the first and last two, 1 a single word.
//
// The Go assembler has no UMULL, URSHR or RADDHN, so they are WORDs
// (encodings from GNU as; registers fixed, named in each comment).
//
// Registers: sources V0, V1; destinations V2, V3; results V4, V5;
// alpha shuffle V30; 0xff bytes V31; scratch V6–V9, V16–V19; the tail's
// results V20, V21.

#define LOADCONST \
	MOVD $alphaIdx<>(SB), R9 \
	VLD1 (R9), [V30.B16] \
	VMOVI $255, V31.B16

// BLEND2 sets V4 = V0 over V2 and V5 = V1 over V3 (four pixels each).
#define BLEND2 \
	VTBL V30.B16, [V0.B16], V6.B16 \
	VTBL V30.B16, [V1.B16], V16.B16 \
	VEOR V31.B16, V6.B16, V6.B16 \
	VEOR V31.B16, V16.B16, V16.B16 \
	WORD $0x2e26c047 \
	WORD $0x6e26c048 \
	WORD $0x2e30c071 \
	WORD $0x6e30c072 \
	WORD $0x6f1824e9 \
	WORD $0x2e2940e4 \
	WORD $0x6f182509 \
	WORD $0x6e294104 \
	WORD $0x6f182633 \
	WORD $0x2e334225 \
	WORD $0x6f182653 \
	WORD $0x6e334245 \
	VADD V0.B16, V4.B16, V4.B16 \
	VADD V1.B16, V5.B16, V5.B16

// The WORDs above, in order: umull v7.8h, v2.8b, v6.8b; umull2 v8.8h,
// v2.16b, v6.16b; umull v17.8h, v3.8b, v16.8b; umull2 v18.8h, v3.16b,
// v16.16b; urshr v9.8h, v7.8h, #8; raddhn v4.8b, v7.8h, v9.8h; urshr
// v9.8h, v8.8h, #8; raddhn2 v4.16b, v8.8h, v9.8h; urshr v19.8h, v17.8h,
// #8; raddhn v5.8b, v17.8h, v19.8h; urshr v19.8h, v18.8h, #8; raddhn2
// v5.16b, v18.8h, v19.8h.

// BLENDRUN blends the n = R2 pixels at R1 over those at R0; it clobbers
// R0–R3, R5, R6 and ends by branching to DONE.
#define BLENDRUN(DONE) \
	CMP  $8, R2 \
	BLO  blend_short \
	ADD  R2<<2, R1, R5 \
	ADD  R2<<2, R0, R6 \
	SUB  $32, R5, R5 \
	SUB  $32, R6, R6 \
	VLD1 (R5), [V0.S4, V1.S4] \
	VLD1 (R6), [V2.S4, V3.S4] \
	BLEND2 \
	VMOV V4.B16, V20.B16 \
	VMOV V5.B16, V21.B16 \
blend_loop: \
	CMP  $8, R2 \
	BLS  blend_tail \
	VLD1.P 32(R1), [V0.S4, V1.S4] \
	VLD1 (R0), [V2.S4, V3.S4] \
	BLEND2 \
	VST1.P [V4.S4, V5.S4], 32(R0) \
	SUB  $8, R2, R2 \
	B    blend_loop \
blend_tail: \
	VST1 [V20.S4, V21.S4], (R6) \
	B    DONE \
blend_short: \
	ADD  R2<<2, R1, R5 \
	ADD  R2<<2, R0, R6 \
	CMP  $4, R2 \
	BLO  blend_2 \
	FMOVQ (R1), F0 \
	FMOVQ -16(R5), F1 \
	FMOVQ (R0), F2 \
	FMOVQ -16(R6), F3 \
	BLEND2 \
	FMOVQ F4, (R0) \
	FMOVQ F5, -16(R6) \
	B    DONE \
blend_2: \
	CMP  $2, R2 \
	BLO  blend_1 \
	FMOVD (R1), F0 \
	FMOVD -8(R5), F1 \
	FMOVD (R0), F2 \
	FMOVD -8(R6), F3 \
	BLEND2 \
	FMOVD F4, (R0) \
	FMOVD F5, -8(R6) \
	B    DONE \
blend_1: \
	CBZ  R2, DONE \
	FMOVS (R1), F0 \
	FMOVS (R0), F2 \
	BLEND2 \
	FMOVS F4, (R0) \
	B    DONE

// COPYRUN copies the n = R2 pixels at R1 to R0; it clobbers R0–R3, R5,
// R6 and ends by branching to DONE.
#define COPYRUN(DONE) \
	ADD  R2<<2, R1, R5 \
	ADD  R2<<2, R0, R6 \
	CMP  $8, R2 \
	BLO  copy_short \
	SUB  $32, R5, R5 \
	SUB  $32, R6, R6 \
	VLD1 (R5), [V20.S4, V21.S4] \
copy_loop: \
	CMP  $8, R2 \
	BLS  copy_tail \
	VLD1.P 32(R1), [V0.S4, V1.S4] \
	VST1.P [V0.S4, V1.S4], 32(R0) \
	SUB  $8, R2, R2 \
	B    copy_loop \
copy_tail: \
	VST1 [V20.S4, V21.S4], (R6) \
	B    DONE \
copy_short: \
	CMP  $4, R2 \
	BLO  copy_2 \
	FMOVQ (R1), F0 \
	FMOVQ -16(R5), F1 \
	FMOVQ F0, (R0) \
	FMOVQ F1, -16(R6) \
	B    DONE \
copy_2: \
	CMP  $2, R2 \
	BLO  copy_1 \
	MOVD (R1), R3 \
	MOVD -8(R5), R5 \
	MOVD R3, (R0) \
	MOVD R5, -8(R6) \
	B    DONE \
copy_1: \
	CBZ  R2, DONE \
	MOVWU (R1), R3 \
	MOVW R3, (R0) \
	B    DONE

// func blendSpanNEON(dst, src *uint32, n int)
TEXT ·blendSpanNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	LOADCONST
	BLENDRUN(done)
done:
	RET

// func copySpanNEON(dst, src *uint32, n int)
TEXT ·copySpanNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	COPYRUN(done)
done:
	RET

// func drawRunsNEON(dst, src *uint32, runs *run, nruns, stride, tw, row0 int)
//
// drawRunsNEON draws nruns runs of one sprite, unclipped, like
// drawRunsAVX2 in span_amd64.s.
TEXT ·drawRunsNEON(SB), NOSPLIT, $0-56
	MOVD runs+16(FP), R8
	MOVD nruns+24(FP), R10
	CBZ  R10, end
	ADD  R10<<3, R8, R10 // end of the runs
	MOVD dst+0(FP), R11
	MOVD src+8(FP), R12
	MOVD stride+32(FP), R13
	MOVD tw+40(FP), R14
	MOVD row0+48(FP), R15
	LOADCONST
next:
	MOVHU 4(R8), R4 // row
	SUB   R15, R4, R4
	MOVHU (R8), R3 // x
	MUL   R13, R4, R0
	ADD   R3, R0, R0
	ADD   R0<<2, R11, R0
	MUL   R14, R4, R1
	ADD   R3, R1, R1
	ADD   R1<<2, R12, R1
	MOVHU 2(R8), R2 // n
	MOVBU 6(R8), R7 // opaque
	CBNZ  R7, copy
	BLENDRUN(step)
copy:
	COPYRUN(step)
step:
	ADD  $8, R8, R8
	CMP  R10, R8
	BLO  next
end:
	RET

// Index of the alpha byte for each byte of four pixels.
DATA alphaIdx<>+0(SB)/8, $0x0707070703030303
DATA alphaIdx<>+8(SB)/8, $0x0f0f0f0f0b0b0b0b
GLOBL alphaIdx<>(SB), RODATA|NOPTR, $16
