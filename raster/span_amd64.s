//go:build !purego

#include "textflag.h"

// AVX2 span kernels: the exact integer arithmetic of over() in pixel.go,
// eight pixels per YMM register, so their output is byte-identical to
// the portable kernels (span_vector_test.go checks every length 0..70 at
// every alignment). For each channel c of the destination and the
// source alpha a:
//
//	t  = c*(255-a) + 128          (16-bit lane: at most 65153)
//	c' = (t + t>>8) >> 8 + s.c    == (t*257)>>16 + s.c, one VPMULHUW
//
// The floor identity ((t + ⌊t/256⌋) / 256 = ⌊257t/65536⌋) makes the
// second form exact. An opaque source pixel gives 255-a = 0, t = 128,
// c' = s.c: opaque pixels need no branch.
//
// Only full-width loads and stores are used (VPMASKMOVD is microcoded on
// AMD Zen 1–3): a run of n ≥ 8 pixels ends with one vector over its last
// eight pixels, computed before the body stores anything, so where it
// overlaps the body it stores the same values; 4–7 pixels are the first
// and last four, 2–3 the first and last two, in one register each.

// Constants: Y15 alpha shuffle, Y14 0x00ff00ff, Y13 0x0080 words,
// Y12 0x0101 words.
#define LOADCONST \
	VMOVDQU alphaShuf<>(SB), Y15 \
	VPBROADCASTD lowBytes<>(SB), Y14 \
	VPBROADCASTD round16<>(SB), Y13 \
	VPBROADCASTD mul257<>(SB), Y12

// BLEND sets O to S over D (S, D kept; T a scratch register). All
// operands are Y registers, or all X registers with the X constants.
#define BLEND(S, D, O, T, SHUF, LO, RND, M257) \
	VPSHUFB SHUF, S, T \
	VPXOR   LO, T, T \
	VPAND   LO, D, O \
	VPMULLW T, O, O \
	VPADDW  RND, O, O \
	VPMULHUW M257, O, O \
	VPSRLW  $8, D, D \
	VPMULLW T, D, D \
	VPADDW  RND, D, D \
	VPMULHUW M257, D, D \
	VPSLLW  $8, D, D \
	VPOR    D, O, O \
	VPADDB  S, O, O

#define BLENDY(S, D, O, T) BLEND(S, D, O, T, Y15, Y14, Y13, Y12)
#define BLENDX(S, D, O, T) BLEND(S, D, O, T, X15, X14, X13, X12)

// BLENDRUN blends the n = CX pixels at SI over those at DI; it clobbers
// AX, CX, SI, DI, Y0–Y7 and ends by jumping to DONE.
#define BLENDRUN(DONE) \
	CMPQ CX, $8 \
	JB   blend_short \
	VMOVDQU -32(SI)(CX*4), Y4 \
	VMOVDQU -32(DI)(CX*4), Y5 \
	LEAQ    -32(DI)(CX*4), AX \
	BLENDY(Y4, Y5, Y6, Y7) \
	CMPQ CX, $16 \
	JBE  blend_8 \
blend_loop16: \
	VMOVDQU (SI), Y0 \
	VMOVDQU (DI), Y1 \
	VMOVDQU 32(SI), Y4 \
	VMOVDQU 32(DI), Y5 \
	BLENDY(Y0, Y1, Y2, Y3) \
	BLENDY(Y4, Y5, Y1, Y3) \
	VMOVDQU Y2, (DI) \
	VMOVDQU Y1, 32(DI) \
	ADDQ $64, SI \
	ADDQ $64, DI \
	SUBQ $16, CX \
	CMPQ CX, $16 \
	JA   blend_loop16 \
blend_8: \
	CMPQ CX, $8 \
	JBE  blend_tail \
	VMOVDQU (SI), Y0 \
	VMOVDQU (DI), Y1 \
	BLENDY(Y0, Y1, Y2, Y3) \
	VMOVDQU Y2, (DI) \
blend_tail: \
	VMOVDQU Y6, (AX) \
	JMP  DONE \
blend_short: \
	CMPQ CX, $4 \
	JB   blend_2 \
	VMOVDQU (SI), X0 \
	VINSERTI128 $1, -16(SI)(CX*4), Y0, Y0 \
	VMOVDQU (DI), X1 \
	VINSERTI128 $1, -16(DI)(CX*4), Y1, Y1 \
	BLENDY(Y0, Y1, Y2, Y3) \
	VMOVDQU X2, (DI) \
	VEXTRACTI128 $1, Y2, -16(DI)(CX*4) \
	JMP  DONE \
blend_2: \
	CMPQ CX, $2 \
	JB   blend_1 \
	VMOVQ (SI), X0 \
	VPINSRQ $1, -8(SI)(CX*4), X0, X0 \
	VMOVQ (DI), X1 \
	VPINSRQ $1, -8(DI)(CX*4), X1, X1 \
	BLENDX(X0, X1, X2, X3) \
	VMOVQ X2, (DI) \
	VPEXTRQ $1, X2, -8(DI)(CX*4) \
	JMP  DONE \
blend_1: \
	TESTQ CX, CX \
	JZ   DONE \
	VMOVD (SI), X0 \
	VMOVD (DI), X1 \
	BLENDX(X0, X1, X2, X3) \
	VMOVD X2, (DI) \
	JMP  DONE

// COPYRUN copies the n = CX pixels at SI to DI; it clobbers AX, DX, CX,
// SI, DI, Y0–Y3 and ends by jumping to DONE.
#define COPYRUN(DONE) \
	CMPQ CX, $8 \
	JB   copy_short \
	VMOVDQU -32(SI)(CX*4), Y3 \
	LEAQ    -32(DI)(CX*4), AX \
	CMPQ CX, $16 \
	JBE  copy_8 \
copy_loop16: \
	VMOVDQU (SI), Y0 \
	VMOVDQU 32(SI), Y1 \
	VMOVDQU Y0, (DI) \
	VMOVDQU Y1, 32(DI) \
	ADDQ $64, SI \
	ADDQ $64, DI \
	SUBQ $16, CX \
	CMPQ CX, $16 \
	JA   copy_loop16 \
copy_8: \
	CMPQ CX, $8 \
	JBE  copy_tail \
	VMOVDQU (SI), Y0 \
	VMOVDQU Y0, (DI) \
copy_tail: \
	VMOVDQU Y3, (AX) \
	JMP  DONE \
copy_short: \
	CMPQ CX, $4 \
	JB   copy_2 \
	VMOVDQU (SI), X0 \
	VMOVDQU -16(SI)(CX*4), X1 \
	VMOVDQU X0, (DI) \
	VMOVDQU X1, -16(DI)(CX*4) \
	JMP  DONE \
copy_2: \
	CMPQ CX, $2 \
	JB   copy_1 \
	MOVQ (SI), AX \
	MOVQ -8(SI)(CX*4), DX \
	MOVQ AX, (DI) \
	MOVQ DX, -8(DI)(CX*4) \
	JMP  DONE \
copy_1: \
	TESTQ CX, CX \
	JZ   DONE \
	MOVL (SI), AX \
	MOVL AX, (DI) \
	JMP  DONE

// func blendSpanAVX2(dst, src *uint32, n int)
TEXT ·blendSpanAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	LOADCONST
	BLENDRUN(done)
done:
	VZEROUPPER
	RET

// func copySpanAVX2(dst, src *uint32, n int)
TEXT ·copySpanAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	COPYRUN(done)
done:
	VZEROUPPER
	RET

// func drawRunsAVX2(dst, src *uint32, runs *run, nruns, stride, tw, row0 int)
//
// drawRunsAVX2 draws nruns runs of one sprite, unclipped: run r's pixels
// are src[(r.row-row0)*tw+r.x:][:r.n], drawn at dst[(r.row-row0)*stride+r.x:]
// (copied if r.opaque, else blended). run is {x, n, row uint16; opaque bool},
// 8 bytes.
TEXT ·drawRunsAVX2(SB), NOSPLIT, $0-56
	MOVQ runs+16(FP), R8
	MOVQ nruns+24(FP), R9
	TESTQ R9, R9
	JZ   end
	LEAQ (R8)(R9*8), R9 // end of the runs
	MOVQ dst+0(FP), R10
	MOVQ src+8(FP), R11
	MOVQ stride+32(FP), R12
	MOVQ tw+40(FP), R13
	MOVQ row0+48(FP), BX
	LOADCONST
next:
	MOVWQZX 4(R8), DX // row
	SUBQ    BX, DX
	MOVWQZX (R8), AX // x
	MOVQ    DX, DI
	IMULQ   R12, DI
	ADDQ    AX, DI
	LEAQ    (R10)(DI*4), DI
	IMULQ   R13, DX
	ADDQ    AX, DX
	LEAQ    (R11)(DX*4), SI
	MOVWQZX 2(R8), CX // n
	CMPB    6(R8), $0
	JNE     copy
	BLENDRUN(step)
copy:
	COPYRUN(step)
step:
	ADDQ $8, R8
	CMPQ R8, R9
	JB   next
	VZEROUPPER
end:
	RET

// Byte k of each pixel's result: the alpha byte (3) in bytes 0 and 2,
// zero (index 0x80) in bytes 1 and 3, in both 128-bit lanes.
DATA alphaShuf<>+0(SB)/8, $0x8007800780038003
DATA alphaShuf<>+8(SB)/8, $0x800f800f800b800b
DATA alphaShuf<>+16(SB)/8, $0x8007800780038003
DATA alphaShuf<>+24(SB)/8, $0x800f800f800b800b
GLOBL alphaShuf<>(SB), RODATA|NOPTR, $32

DATA lowBytes<>+0(SB)/4, $0x00ff00ff
GLOBL lowBytes<>(SB), RODATA|NOPTR, $4

DATA round16<>+0(SB)/4, $0x00800080
GLOBL round16<>(SB), RODATA|NOPTR, $4

DATA mul257<>+0(SB)/4, $0x01010101
GLOBL mul257<>(SB), RODATA|NOPTR, $4
