#!/bin/bash
# Builds verifier/jq/jq.mjs + jq.wasm: jq 1.8.2 (its CLI, with the bundled oniguruma and decNumber)
# compiled to WebAssembly with Debian's emscripten 3.1.6 (apt-get install emscripten), -O3 with link-time optimization (jq's
# small jv_* helpers inline across files), no debug info, without autotools (the compile flags stand for what configure finds
# on emscripten's musl; `gamma` is absent there, as in jq's own musl builds).
# Two source patches (same results, less time):
# - jq-1.8.2-sort.patch: jq's sort/unique/group_by/min_by… compare two strings directly and sort with a merge sort
#   instead of musl's qsort (smoothsort, several times slower in WebAssembly). The comparison is jq's own total order
#   (ties broken by position), so the order is the one qsort gives.
# - jq-1.8.2-tables.patch + sg_tables.c: the parsed-table cache (the CLI's input goes through sg_tables_expand_input,
#   which swaps table placeholders for tables parsed in an earlier run; see ../jq-engine.ts).
# NODE_PATH: Debian's emscripten needs its acorn module when the node on PATH is not Debian's.
set -e
export NODE_PATH=/usr/share/nodejs
SRC=${SRC:?set SRC to a jq 1.8.2 source tree (git tag jq-1.8.2, vendor/oniguruma at the commit the tag pins)}
OUT=${OUT:-$(mktemp -d)}
OBJ=$OUT/obj
mkdir -p $OBJ/jq $OBJ/onig
HERE=$(cd "$(dirname "$0")" && pwd)
cd $SRC
# The sort patch, once (a tree that already has it is left as is).
patch -p1 -N --dry-run -s < "$HERE/jq-1.8.2-sort.patch" >/dev/null && patch -p1 -N -s < "$HERE/jq-1.8.2-sort.patch"
# The table cache: sg_tables.c, and main.c handing its input through sg_tables_expand_input (jq-1.8.2-tables.patch).
patch -p1 -N --dry-run -s < "$HERE/jq-1.8.2-tables.patch" >/dev/null && patch -p1 -N -s < "$HERE/jq-1.8.2-tables.patch"
cp "$HERE/sg_tables.c" src/sg_tables.c
# Generated headers (as jq's Makefile.am makes them).
echo '#define JQ_VERSION "1.8.2"' > src/version.h
echo '#define JQ_CONFIG "emscripten build of salesgym"' > src/config_opts.inc
od -v -A n -t o1 -- src/builtin.jq | sed -e 's/$/ /' -e 's/\([0123456789]\) /\1, /g' -e 's/ $//' -e 's/ 0/  0/g' -e 's/ \([123456789]\)/ 0\1/g' > src/builtin.inc
# oniguruma config.h for wasm32
cat > vendor/oniguruma/src/config.h <<'H'
#define HAVE_ALLOCA 1
#define HAVE_ALLOCA_H 1
#define HAVE_STDINT_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TIMES_H 1
#define HAVE_UNISTD_H 1
#define PACKAGE "onig"
#define PACKAGE_VERSION "6.9.10"
#define SIZEOF_INT 4
#define SIZEOF_LONG 4
#define SIZEOF_LONG_LONG 8
#define SIZEOF_VOIDP 4
#define STDC_HEADERS 1
H
CF="-O3 -flto -DNDEBUG"
ONIG_SRC="regparse.c regcomp.c regexec.c regenc.c regerror.c regext.c regsyntax.c regtrav.c regversion.c st.c reggnu.c unicode.c unicode_unfold_key.c unicode_fold1_key.c unicode_fold2_key.c unicode_fold3_key.c ascii.c utf8.c utf16_be.c utf16_le.c utf32_be.c utf32_le.c euc_jp.c euc_jp_prop.c sjis.c sjis_prop.c iso8859_1.c iso8859_2.c iso8859_3.c iso8859_4.c iso8859_5.c iso8859_6.c iso8859_7.c iso8859_8.c iso8859_9.c iso8859_10.c iso8859_11.c iso8859_13.c iso8859_14.c iso8859_15.c iso8859_16.c euc_tw.c euc_kr.c big5.c gb18030.c koi8_r.c cp1251.c onig_init.c"
MATH="ACOS ACOSH ASIN ASINH ATAN ATAN2 ATANH CBRT CEIL COPYSIGN COS COSH DREM ERF ERFC EXP EXP10 EXP2 EXPM1 FABS FDIM FLOOR FMA FMAX FMIN FMOD FREXP HYPOT ILOGB J0 J1 JN LDEXP LGAMMA LGAMMA_R LOG LOG10 LOG1P LOG2 LOGB MODF NEARBYINT NEXTAFTER NEXTTOWARD POW REMAINDER RINT ROUND SCALB SCALBLN SCALBN SIGNIFICAND SIN SINH SQRT TAN TANH TGAMMA TRUNC Y0 Y1 YN"
DEFS="-DHAVE_LIBONIG=1 -DUSE_DECNUM=1 -DHAVE_ALLOCA=1 -DHAVE_ALLOCA_H=1 -DHAVE_ATEXIT=1 -DHAVE_GETTIMEOFDAY=1 -DHAVE_GMTIME=1 -DHAVE_GMTIME_R=1 -DHAVE_LOCALTIME_R=1 -DHAVE_ISATTY=1 -DHAVE_MEMMEM=1 -DHAVE_PTHREAD=1 -DHAVE_PTHREAD_KEY_CREATE=1 -DHAVE_PTHREAD_ONCE=1 -DHAVE_SETENV=1 -DHAVE_SETLOCALE=1 -DHAVE_STRFTIME=1 -DHAVE_STRPTIME=1 -DHAVE_TIMEGM=1 -DHAVE_TM_TM_GMT_OFF=1 -DHAVE_GETENTROPY=1 -DIEEE_8087=1 -D_GNU_SOURCE"
for m in $MATH; do DEFS="$DEFS -DHAVE_$m=1"; done
JQ_SRC="src/builtin.c src/bytecode.c src/compile.c src/execute.c src/jq_test.c src/jv.c src/jv_alloc.c src/jv_aux.c src/jv_dtoa.c src/jv_file.c src/jv_parse.c src/jv_print.c src/jv_unicode.c src/linker.c src/locfile.c src/util.c src/jv_dtoa_tsd.c vendor/decNumber/decContext.c vendor/decNumber/decNumber.c src/lexer.c src/parser.c src/main.c src/sg_tables.c"
export CF DEFS OBJ SRC
( for f in $ONIG_SRC; do echo "onig $f"; done; for f in $JQ_SRC; do echo "jq $f"; done ) | xargs -P ${JOBS:-2} -L1 bash -c '
  kind=$0; f=$1; o=$OBJ/$kind/$(echo $f | tr / _).o
  [ -f "$o" ] && exit 0
  if [ $kind = onig ]; then emcc $CF -Ivendor/oniguruma/src -c vendor/oniguruma/src/$f -o $o;
  else emcc $CF $DEFS -I. -Isrc -Ivendor/oniguruma/src -Ivendor -c $f -o $o -Wno-everything; fi'
echo compiled
emcc -O3 -flto $OBJ/jq/*.o $OBJ/onig/*.o -o $OUT/jq.mjs -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createJq -sINVOKE_RUN=0 \
	-sEXIT_RUNTIME=0 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sENVIRONMENT=web,worker \
	-sEXPORTED_FUNCTIONS=_main,_sg_table_load,_sg_table_drop,_sg_tables_expand \
	-sEXPORTED_RUNTIME_METHODS=callMain,FS,stackSave,stackRestore,ccall
cp $OUT/jq.mjs $OUT/jq.wasm "$HERE/"
echo "wrote $HERE/jq.mjs and $HERE/jq.wasm"
