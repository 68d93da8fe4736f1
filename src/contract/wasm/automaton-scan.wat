;; The automaton's scan (see automaton-scan.ts, the JavaScript reference it must agree with),
;; written for WebAssembly. Built by `node scripts/build-scan-wasm.mjs` into
;; src/contract/automaton-scan-wasm-bytes.ts; a test rebuilds it and compares the bytes.
;;
;; One instance per automaton; its memory holds, from byte 0:
;;   - the class table: one u16 per code unit (bit 15: not NFC-inert; low 15 bits: the class);
;;   - at byte 131072, the bits of the terms' first pairs of units (2^19 bits: a pair's hash
;;     >>> 13, as `pairBit` in automaton-build.ts computes it);
;;   - at `mem`, the automaton's words: state records of four words (child-class mask, failure
;;     link, first state with a hit, term ending there or -1), the root's moves at word `root`,
;;     the hash slots (state, class, target) at word `slots`. References to states are word
;;     indices with bit 0 set when a term ends there;
;;   - at `text`, the text's code units; at `log`, the occurrences found (pairs of i32).
;;
;; `scan` walks the trie from every position where a term may start, and hands the rest of the
;; text to the failure links when the walks grow too long. Where starts are sparse (CJK), it
;; finds them eight positions a round with SIMD (the pairs' hashes in two i32x4 products, their
;; bytes of bits gathered by lane loads, one branch a round; the units' entries gathered too, or,
;; where inertness is not asked and at most four units are terms by themselves, the units
;; compared with those). Log entries before the exported
;; global `links_at` are (term, offset of its last unit); from it on, (first state with a hit,
;; offset of the last unit), whose terms the caller reads through the dictionary links. The
;; global `not_inert` tells whether some unit was not NFC-inert. Returns the log's length.
;;
;; `fold_run` is the common case of the fold (fast-fold.ts's `fastRun`, the JavaScript reference
;; it must agree with), in an instance of its own (a `FoldScratch`'s) whose memory holds, from
;; byte 0, the fold table: one u16 per code unit, the unit it folds to where it folds alone to one
;; unit and is continued by nothing, else 0 (not yet known, or folded the slow way); then the
;; text's code units and the folded units.
;;
;; `loose_run` is the common case of the loose fold (fast-loose-fold.ts's `letterRun`, the
;; JavaScript reference it must agree with), in an instance of its own (a `LooseScratch`'s)
;; whose memory holds, from byte 0, the loose table: one u16 per folded code unit (0: not yet
;; known, 1: no loose unit, 2: the general way, 0xdfff: `l`, 0xd800 + slot: a letter of two
;; units, in the table of pairs; else the loose unit, a letter or digit); at
;; byte 131072 what a run leaves (the loose length, the last loose unit, the log's length, as
;; i32); at byte 131088 the table of pairs: for each of 2,047 slots, a letter of two units (its
;; units as one i32, then its code point), which table entry 0xd800 + slot names; then, from
;; byte 147472, the folded units, the loose units, the folded unit each came from (i32) and the log of ends
;; (pairs of i32: loose unit, folded unit its range ends at).
(module
  (memory (export "memory") 0)
  (global $links_at (export "links_at") (mut i32) (i32.const 0))
  (global $not_inert (export "not_inert") (mut i32) (i32.const 0))

  (func (export "scan")
    (param $text i32) (param $length i32) (param $log i32) (param $mem i32)
    (param $root i32) (param $slots i32) (param $shift i32) (param $mask i32) (param $plain i32)
    (param $keep0 i32) (param $ones i32) (param $one0 i32) (param $one1 i32) (param $one2 i32) (param $one3 i32)
    (result i32)
    (local $keep i32) (local $last i32) (local $from i32) (local $i i32) (local $unit i32)
    (local $next i32) (local $bit i32) (local $start i32) (local $entry i32) (local $at i32)
    (local $j i32) (local $cls i32) (local $state i32) (local $h i32) (local $slot i32)
    (local $key i32) (local $logged i32) (local $before i32) (local $steps i32) (local $t i32)
    (local $p i32) (local $rounds_from i32) (local $probe i32)
    (local $keys v128) (local $hashes v128) (local $bytes v128) (local $entries v128)
    (local $gather i32) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    ;; Entries are masked with $keep: with $keep0 0xffff, units that are not NFC-inert are starts
    ;; until one is seen; with 0x7fff (a caller that does not ask), never.
    (local.set $keep (local.get $keep0))
    ;; The rounds of eight gather the units' entries only when some may count that are not
    ;; terms by themselves (inertness asked) or more than four units are: otherwise they compare
    ;; the units with those (at most four, repeated to fill four; 0xffff when there is none, a
    ;; start then harmlessly tested by the walk), which costs a quarter as much.
    (local.set $gather (i32.or (i32.ne (local.get $keep0) (i32.const 0x7fff)) (i32.gt_u (local.get $ones) (i32.const 4))))
    (local.set $s0 (i16x8.splat (local.get $one0)))
    (local.set $s1 (i16x8.splat (local.get $one1)))
    (local.set $s2 (i16x8.splat (local.get $one2)))
    (local.set $s3 (i16x8.splat (local.get $one3)))
    (local.set $last (i32.sub (local.get $length) (i32.const 1)))
    (block $done
      (loop $starts
        (br_if $done (i32.gt_s (local.get $from) (local.get $last)))
        (local.set $i (local.get $from))
        (local.set $p (i32.add (local.get $text) (i32.shl (local.get $i) (i32.const 1))))
        (local.set $unit (i32.load16_u (local.get $p)))
        ;; The next start: a position whose pair's bit is set, or whose unit's entry is above
        ;; the plain classes (a one-unit term, or a unit that is not NFC-inert). Two positions a
        ;; round up to $rounds_from, then eight a round (SIMD) up to the round with a start, then
        ;; two a round again from that round on.
        ;;
        ;; A round of eight costs more than a few positions two a round, and the round with a
        ;; start is read again two a round: where starts are dense (English with a few dozen
        ;; terms: one position in six, most rounds holding one) the rounds cost more than they
        ;; save. So $probe positions are tested two a round first: 0 while the last rounds went
        ;; past a round with no start (CJK: 2% of positions), 32 once the first round of eight
        ;; held a start. (16 left such an English text 2% slower than two a round alone; 32
        ;; leaves it as fast, for about 2% of the gain on CJK.)
        (local.set $rounds_from (i32.add (local.get $i) (local.get $probe)))
        (block $found
          (block $at_last
            (block $pairs_done
              (loop $scan
                (block $to_rounds
                  (loop $test2
                    (br_if $pairs_done (i32.ge_s (i32.add (local.get $i) (i32.const 1)) (local.get $last)))
                    (br_if $to_rounds (i32.ge_s (local.get $i) (local.get $rounds_from)))
                    (local.set $next (i32.load16_u offset=2 (local.get $p)))
                    (local.set $bit
                      (i32.shr_u
                        (i32.mul (i32.or (i32.shl (local.get $unit) (i32.const 16)) (local.get $next)) (i32.const 0x9e3779b1))
                        (i32.const 13)))
                    (br_if $found
                      (i32.or
                        (i32.and
                          (i32.shr_u
                            (i32.load8_u offset=131072 (i32.shr_u (local.get $bit) (i32.const 3)))
                            (i32.and (local.get $bit) (i32.const 7)))
                          (i32.const 1))
                        (i32.gt_u (i32.and (i32.load16_u (i32.shl (local.get $unit) (i32.const 1))) (local.get $keep)) (local.get $plain))))
                    (local.set $unit (i32.load16_u offset=4 (local.get $p)))
                    (local.set $bit
                      (i32.shr_u
                        (i32.mul (i32.or (i32.shl (local.get $next) (i32.const 16)) (local.get $unit)) (i32.const 0x9e3779b1))
                        (i32.const 13)))
                    (if
                      (i32.or
                        (i32.and
                          (i32.shr_u
                            (i32.load8_u offset=131072 (i32.shr_u (local.get $bit) (i32.const 3)))
                            (i32.and (local.get $bit) (i32.const 7)))
                          (i32.const 1))
                        (i32.gt_u (i32.and (i32.load16_u (i32.shl (local.get $next) (i32.const 1))) (local.get $keep)) (local.get $plain)))
                      (then
                        (local.set $unit (local.get $next))
                        (local.set $i (i32.add (local.get $i) (i32.const 1)))
                        (br $found)))
                    (local.set $i (i32.add (local.get $i) (i32.const 2)))
                    (local.set $p (i32.add (local.get $p) (i32.const 4)))
                    (br $test2)))
                ;; Eight positions a round while the eighth has a next unit. The round with a start
                ;; goes back to the two-a-round loop, which finds which of the eight it is.
                (block $rounds_done
                  (loop $test8
                    (br_if $rounds_done (i32.gt_s (i32.add (local.get $i) (i32.const 8)) (local.get $last)))
                    ;; Units i..i+7 and i+1..i+8, as i32 keys (unit << 16 | next), hashed.
                    (local.set $keys (v128.load offset=2 (local.get $p)))
                    (local.set $entries (v128.load (local.get $p)))
                    (local.set $hashes
                      (i32x4.mul
                        (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $keys) (local.get $entries))
                        (v128.const i32x4 0x9e3779b1 0x9e3779b1 0x9e3779b1 0x9e3779b1)))
                    (local.set $keys
                      (i32x4.mul
                        (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $keys) (local.get $entries))
                        (v128.const i32x4 0x9e3779b1 0x9e3779b1 0x9e3779b1 0x9e3779b1)))
                    ;; The bytes that hold the eight pairs' bits (index: hash >>> 16).
                    (local.set $bytes (v128.load8_lane offset=131072 0 (i32x4.extract_lane 0 (i32x4.shr_u (local.get $hashes) (i32.const 16))) (v128.const i64x2 0 0)))
                    (local.set $bytes (v128.load8_lane offset=131072 1 (i32x4.extract_lane 1 (i32x4.shr_u (local.get $hashes) (i32.const 16))) (local.get $bytes)))
                    (local.set $bytes (v128.load8_lane offset=131072 2 (i32x4.extract_lane 2 (i32x4.shr_u (local.get $hashes) (i32.const 16))) (local.get $bytes)))
                    (local.set $bytes (v128.load8_lane offset=131072 3 (i32x4.extract_lane 3 (i32x4.shr_u (local.get $hashes) (i32.const 16))) (local.get $bytes)))
                    (local.set $bytes (v128.load8_lane offset=131072 4 (i32x4.extract_lane 0 (i32x4.shr_u (local.get $keys) (i32.const 16))) (local.get $bytes)))
                    (local.set $bytes (v128.load8_lane offset=131072 5 (i32x4.extract_lane 1 (i32x4.shr_u (local.get $keys) (i32.const 16))) (local.get $bytes)))
                    (local.set $bytes (v128.load8_lane offset=131072 6 (i32x4.extract_lane 2 (i32x4.shr_u (local.get $keys) (i32.const 16))) (local.get $bytes)))
                    (local.set $bytes (v128.load8_lane offset=131072 7 (i32x4.extract_lane 3 (i32x4.shr_u (local.get $keys) (i32.const 16))) (local.get $bytes)))
                    ;; Whether each of the eight units starts a term by itself: its entry, masked with $keep,
                    ;; above $plain (a saturated difference not 0), or, without $gather, the unit compared.
                    (if (local.get $gather)
                      (then
                        (local.set $entries (v128.load16_lane 0 (i32.shl (i32.load16_u offset=0 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 1 (i32.shl (i32.load16_u offset=2 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 2 (i32.shl (i32.load16_u offset=4 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 3 (i32.shl (i32.load16_u offset=6 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 4 (i32.shl (i32.load16_u offset=8 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 5 (i32.shl (i32.load16_u offset=10 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 6 (i32.shl (i32.load16_u offset=12 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries (v128.load16_lane 7 (i32.shl (i32.load16_u offset=14 (local.get $p)) (i32.const 1)) (local.get $entries)))
                        (local.set $entries
                          (i16x8.sub_sat_u
                            (v128.and (local.get $entries) (i16x8.splat (local.get $keep)))
                            (i16x8.splat (local.get $plain)))))
                      (else
                        (local.set $entries
                          (v128.or
                            (v128.or (i16x8.eq (local.get $entries) (local.get $s0)) (i16x8.eq (local.get $entries) (local.get $s1)))
                            (v128.or (i16x8.eq (local.get $entries) (local.get $s2)) (i16x8.eq (local.get $entries) (local.get $s3)))))))
                    ;; A start among the eight: a pair's bit (its byte and the mask 1 << (hash >>> 13 & 7),
                    ;; the masks picked from a constant by the bit numbers narrowed to bytes), or a unit
                    ;; that is a start by itself.
                    (if
                      (v128.any_true
                        (v128.or
                          (v128.and
                            (local.get $bytes)
                            (i8x16.swizzle
                              (v128.const i8x16 1 2 4 8 16 32 64 128 0 0 0 0 0 0 0 0)
                              (i8x16.narrow_i16x8_u
                                (i16x8.narrow_i32x4_u
                                  (v128.and (i32x4.shr_u (local.get $hashes) (i32.const 13)) (v128.const i32x4 7 7 7 7))
                                  (v128.and (i32x4.shr_u (local.get $keys) (i32.const 13)) (v128.const i32x4 7 7 7 7)))
                                (v128.const i64x2 0 0))))
                          (local.get $entries)))
                      (then
                        (local.set $probe (select (i32.const 32) (i32.const 0) (i32.eq (local.get $i) (local.get $rounds_from))))
                        (br $rounds_done)))
                    (local.set $i (i32.add (local.get $i) (i32.const 8)))
                    (local.set $p (i32.add (local.get $p) (i32.const 16)))
                    (br $test8)))
                ;; From the round with a start (or the last units) on, two a round to the end.
                (local.set $rounds_from (i32.const 0x7fffffff))
                (local.set $unit (i32.load16_u (local.get $p)))
                (br $scan)))
            ;; At most one position with a next unit is left.
            (br_if $at_last (i32.ge_s (local.get $i) (local.get $last)))
            (local.set $next (i32.load16_u offset=2 (local.get $p)))
            (local.set $bit
              (i32.shr_u
                (i32.mul (i32.or (i32.shl (local.get $unit) (i32.const 16)) (local.get $next)) (i32.const 0x9e3779b1))
                (i32.const 13)))
            (br_if $found
              (i32.or
                (i32.and
                  (i32.shr_u
                    (i32.load8_u offset=131072 (i32.shr_u (local.get $bit) (i32.const 3)))
                    (i32.and (local.get $bit) (i32.const 7)))
                  (i32.const 1))
                (i32.gt_u (i32.and (i32.load16_u (i32.shl (local.get $unit) (i32.const 1))) (local.get $keep)) (local.get $plain))))
            (local.set $unit (local.get $next))
            (local.set $i (i32.add (local.get $i) (i32.const 1))))
          ;; The last unit has no pair: only a term of one unit can start there.
          (br_if $done
            (i32.le_u (i32.and (i32.load16_u (i32.shl (local.get $unit) (i32.const 1))) (local.get $keep)) (local.get $plain))))
        (local.set $start (local.get $i))
        (local.set $from (i32.add (local.get $i) (i32.const 1)))
        (local.set $entry (i32.load16_u (i32.shl (local.get $unit) (i32.const 1))))
        (if (i32.and (local.get $entry) (i32.const 0x8000)) (then (local.set $keep (i32.const 0x7fff))))
        ;; The walk: the trie's moves from the root along the text, each term on the way logged.
        (local.set $before (local.get $logged))
        (local.set $at
          (i32.and
            (i32.load (i32.add (local.get $mem)
              (i32.shl (i32.add (local.get $root) (i32.and (local.get $entry) (i32.const 0x7fff))) (i32.const 2))))
            (i32.const -2)))
        (local.set $j (local.get $start))
        (block $walked
          (loop $walk
            (br_if $walked (i32.eqz (local.get $at)))
            (local.set $steps (i32.add (local.get $steps) (i32.const 1)))
            (if (i32.gt_u (local.get $steps) (i32.add (i32.shr_u (local.get $start) (i32.const 1)) (i32.const 64)))
              (then
                ;; Cut short: this walk's entries are dropped, and the failure links take over here.
                (global.set $links_at (local.get $before))
                (return
                  (call $links (local.get $text) (local.get $start) (local.get $length) (local.get $log) (local.get $before)
                    (local.get $mem) (local.get $root) (local.get $slots) (local.get $shift) (local.get $mask)
                    (select (i32.const 0x8000) (i32.const 0) (i32.eq (local.get $keep) (i32.const 0x7fff)))))))
            (local.set $t (i32.load offset=12 (i32.add (local.get $mem) (i32.shl (local.get $at) (i32.const 2)))))
            (if (i32.ge_s (local.get $t) (i32.const 0))
              (then
                (i32.store (i32.add (local.get $log) (i32.shl (local.get $logged) (i32.const 2))) (local.get $t))
                (i32.store offset=4 (i32.add (local.get $log) (i32.shl (local.get $logged) (i32.const 2))) (local.get $j))
                (local.set $logged (i32.add (local.get $logged) (i32.const 2)))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br_if $walked (i32.eq (local.get $j) (local.get $length)))
            (local.set $cls
              (i32.and
                (i32.load16_u (i32.shl (i32.load16_u (i32.add (local.get $text) (i32.shl (local.get $j) (i32.const 1)))) (i32.const 1)))
                (i32.const 0x7fff)))
            (br_if $walked
              (i32.eqz
                (i32.and
                  (i32.load (i32.add (local.get $mem) (i32.shl (local.get $at) (i32.const 2))))
                  (i32.shl (i32.const 1) (local.get $cls)))))
            (local.set $state (local.get $at))
            (local.set $at (i32.const 0))
            (local.set $h
              (i32.shr_u
                (i32.mul (i32.xor (local.get $state) (i32.mul (local.get $cls) (i32.const 0x85ebca6b))) (i32.const 0x9e3779b1))
                (local.get $shift)))
            (block $probed
              (loop $probe
                (local.set $slot
                  (i32.add (local.get $mem) (i32.shl (i32.add (local.get $slots) (i32.mul (local.get $h) (i32.const 3))) (i32.const 2))))
                (local.set $key (i32.load (local.get $slot)))
                (br_if $probed (i32.eqz (local.get $key)))
                (if (i32.and (i32.eq (local.get $key) (local.get $state)) (i32.eq (i32.load offset=4 (local.get $slot)) (local.get $cls)))
                  (then
                    (local.set $at (i32.and (i32.load offset=8 (local.get $slot)) (i32.const -2)))
                    (br $probed)))
                (local.set $h (i32.and (i32.add (local.get $h) (i32.const 1)) (local.get $mask)))
                (br $probe)))
            (br $walk)))
        (br $starts)))
    (global.set $links_at (local.get $logged))
    (global.set $not_inert (i32.eq (local.get $keep) (i32.const 0x7fff)))
    (local.get $logged))

  ;; The common case of the fold (see the header): folds the code units from $i (at $src) into
  ;; folded units from $k (at $out) while the entries of each unit and of the unit after it are
  ;; not 0 and no space follows a space ($last: the folded unit before them, or -1). The text
  ;; must end with a unit whose entry is 0 (a sentinel), with seven units past it readable.
  ;; Returns the offset it stopped at; it wrote one unit per unit read.
  ;;
  ;; Eight units a round, their entries gathered into one vector (a lane load each) and tested
  ;; together: one branch a round, none per unit or per space, whatever the text; then one unit
  ;; at a time up to the unit that ended the rounds (at most eight).
  (func (export "fold_run")
    (param $src i32) (param $i i32) (param $out i32) (param $k i32) (param $last i32)
    (result i32)
    (local $p i32) (local $q i32) (local $e0 i32) (local $e1 i32) (local $s i32) (local $s0 i32)
    (local $e v128) (local $spaces v128) (local $before v128)
    (local.set $p (i32.add (local.get $src) (i32.shl (local.get $i) (i32.const 1))))
    (local.set $q (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 1))))
    ;; Lane 7 of $before: all ones where the unit before the round is a space.
    (local.set $before
      (i16x8.splat (i32.sub (i32.const 0) (i32.eq (i32.and (local.get $last) (i32.const 0xffff)) (i32.const 32)))))
    (block $rounds_done
      (loop $round
        (local.set $e (v128.load16_lane 0 (i32.shl (i32.load16_u offset=0 (local.get $p)) (i32.const 1)) (v128.const i64x2 0 0)))
        (local.set $e (v128.load16_lane 1 (i32.shl (i32.load16_u offset=2 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $e (v128.load16_lane 2 (i32.shl (i32.load16_u offset=4 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $e (v128.load16_lane 3 (i32.shl (i32.load16_u offset=6 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $e (v128.load16_lane 4 (i32.shl (i32.load16_u offset=8 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $e (v128.load16_lane 5 (i32.shl (i32.load16_u offset=10 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $e (v128.load16_lane 6 (i32.shl (i32.load16_u offset=12 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $e (v128.load16_lane 7 (i32.shl (i32.load16_u offset=14 (local.get $p)) (i32.const 1)) (local.get $e)))
        (local.set $spaces (i16x8.eq (local.get $e) (v128.const i16x8 32 32 32 32 32 32 32 32)))
        (br_if $rounds_done
          (i32.or
            (v128.any_true
              (v128.or
                (i16x8.eq (local.get $e) (v128.const i64x2 0 0))
                ;; Each unit's space flag and the flag of the unit before it (lane 7 of $before
                ;; for lane 0).
                (v128.and
                  (local.get $spaces)
                  (i8x16.shuffle 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 (local.get $before) (local.get $spaces)))))
            ;; The entry of the unit after the round's eight.
            (i32.eqz (i32.load16_u (i32.shl (i32.load16_u offset=16 (local.get $p)) (i32.const 1))))))
        (v128.store (local.get $q) (local.get $e))
        (local.set $before (local.get $spaces))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $q (i32.add (local.get $q) (i32.const 16)))
        (br $round)))
    ;; One unit at a time. $s, $s0: a unit xor 32, 0 for a space, below 0x10000, so that
    ;; ($s | $s0) - 1 < 0 only for two spaces; $e0: the entry of the unit at $p.
    (local.set $s (select (i32.const 0) (i32.const 1) (i16x8.extract_lane_s 7 (local.get $before))))
    (local.set $e0 (i32.load16_u (i32.shl (i32.load16_u (local.get $p)) (i32.const 1))))
    (block $stop
      (loop $unit
        (local.set $e1 (i32.load16_u (i32.shl (i32.load16_u offset=2 (local.get $p)) (i32.const 1))))
        (local.set $s0 (i32.xor (local.get $e0) (i32.const 32)))
        (br_if $stop
          (i32.lt_s
            (i32.or
              (i32.or (i32.sub (local.get $e0) (i32.const 1)) (i32.sub (local.get $e1) (i32.const 1)))
              (i32.sub (i32.or (local.get $s) (local.get $s0)) (i32.const 1)))
            (i32.const 0)))
        (i32.store16 (local.get $q) (local.get $e0))
        (local.set $s (local.get $s0))
        (local.set $e0 (local.get $e1))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (local.set $q (i32.add (local.get $q) (i32.const 2)))
        (br $unit)))
    (i32.shr_u (i32.sub (local.get $p) (local.get $src)) (i32.const 1)))

  ;; Aho–Corasick from offset $from to $length, from the root: logs every occurrence ending in
  ;; that span as (first state with a hit, offset of its last unit) after the $logged entries
  ;; already there. $flags holds 0x8000 when a unit before $from was not NFC-inert.
  (func $links
    (param $text i32) (param $from i32) (param $length i32) (param $log i32) (param $logged i32)
    (param $mem i32) (param $root i32) (param $slots i32) (param $shift i32) (param $mask i32) (param $flags i32)
    (result i32)
    (local $i i32) (local $entry i32) (local $cls i32) (local $bit i32) (local $at i32) (local $next i32)
    (local $base i32) (local $h i32) (local $slot i32) (local $key i32)
    (local.set $i (local.get $from))
    (block $end
      (loop $units
        (br_if $end (i32.ge_s (local.get $i) (local.get $length)))
        (local.set $entry
          (i32.load16_u (i32.shl (i32.load16_u (i32.add (local.get $text) (i32.shl (local.get $i) (i32.const 1)))) (i32.const 1))))
        (local.set $flags (i32.or (local.get $flags) (local.get $entry)))
        (local.set $cls (i32.and (local.get $entry) (i32.const 0x7fff)))
        (if (i32.eqz (local.get $cls))
          (then (local.set $at (i32.const 0)))
          (else
            (local.set $bit (i32.shl (i32.const 1) (local.get $cls)))
            (local.set $next (i32.const -1))
            (block $moved
              (loop $follow
                (br_if $moved (i32.eqz (local.get $at)))
                (local.set $base (i32.and (local.get $at) (i32.const -2)))
                (if (i32.and (i32.load (i32.add (local.get $mem) (i32.shl (local.get $base) (i32.const 2)))) (local.get $bit))
                  (then
                    (local.set $h
                      (i32.shr_u
                        (i32.mul (i32.xor (local.get $base) (i32.mul (local.get $cls) (i32.const 0x85ebca6b))) (i32.const 0x9e3779b1))
                        (local.get $shift)))
                    (block $probed
                      (loop $probe
                        (local.set $slot
                          (i32.add (local.get $mem)
                            (i32.shl (i32.add (local.get $slots) (i32.mul (local.get $h) (i32.const 3))) (i32.const 2))))
                        (local.set $key (i32.load (local.get $slot)))
                        (br_if $probed (i32.eqz (local.get $key)))
                        (if (i32.and (i32.eq (local.get $key) (local.get $base)) (i32.eq (i32.load offset=4 (local.get $slot)) (local.get $cls)))
                          (then
                            (local.set $next (i32.load offset=8 (local.get $slot)))
                            (br $probed)))
                        (local.set $h (i32.and (i32.add (local.get $h) (i32.const 1)) (local.get $mask)))
                        (br $probe)))
                    (br_if $moved (i32.ge_s (local.get $next) (i32.const 0)))))
                (local.set $at (i32.load offset=4 (i32.add (local.get $mem) (i32.shl (local.get $base) (i32.const 2)))))
                (br $follow)))
            (local.set $at
              (select
                (local.get $next)
                (i32.load (i32.add (local.get $mem) (i32.shl (i32.add (local.get $root) (local.get $cls)) (i32.const 2))))
                (i32.ge_s (local.get $next) (i32.const 0))))
            (if (i32.and (local.get $at) (i32.const 1))
              (then
                (i32.store (i32.add (local.get $log) (i32.shl (local.get $logged) (i32.const 2)))
                  (i32.load offset=8 (i32.add (local.get $mem) (i32.shl (i32.and (local.get $at) (i32.const -2)) (i32.const 2)))))
                (i32.store offset=4 (i32.add (local.get $log) (i32.shl (local.get $logged) (i32.const 2))) (local.get $i))
                (local.set $logged (i32.add (local.get $logged) (i32.const 2)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $units)))
    (global.set $not_inert (i32.ne (i32.and (local.get $flags) (i32.const 0x8000)) (i32.const 0)))
    (local.get $logged))

  ;; Folds folded units from $k (at $src, ended by a unit the table never settles) into loose
  ;; units at $out (their folded units at $from), loose unit $j next, $last the last one, $count
  ;; entries in the log of ends at $ends: a separator is left out, a letter the same as the last
  ;; one extends its range (logged), any other letter is written. Stops at a unit the table does
  ;; not settle (0 or 2) and at a pair (`vv`, `cl`), which the JavaScript general way reads;
  ;; returns where it stopped.
  ;;
  ;; The loop is written for V8's code, which runs it at a few instructions a cycle: so fewer
  ;; instructions, not fewer branches, is what pays. The end of the text is a sentinel rather
  ;; than a bound tested at every unit; every rare entry (separators included) is found by one
  ;; unsigned comparison, `l` among them, so a common letter meets two tests; and two units are
  ;; read a round (a loop checks the stack at every round). The loop walks addresses ($p, $q,
  ;; $f) rather than indices, whose every access costs a shift and an add: 10% of the run on
  ;; CJK text, 10% on English. A branchless version (separators written over) and one of four
  ;; units a round (with indices, and again with addresses) were slower: the register allocator
  ;; kept values on the stack. A loop without the origin's store (a sparse log of origins
  ;; instead, written where letters and folded units part) was no faster on CJK text and 6 to
  ;; 9% slower on English: the store is cheap, the log's entries cost the separators more than the
  ;; letters saved; and a binary search per origin the verifier reads cost it more again.
  (func (export "loose_run")
    (param $src i32) (param $k i32) (param $out i32) (param $from i32)
    (param $j i32) (param $last i32) (param $ends i32) (param $count i32)
    (result i32)
    (local $c i32) (local $at i32) (local $p i32) (local $q i32) (local $f i32)
    ;; The addresses of folded unit $k, loose unit $j and its origin.
    (local.set $p (i32.add (local.get $src) (i32.shl (local.get $k) (i32.const 1))))
    (local.set $q (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 1))))
    (local.set $f (i32.add (local.get $from) (i32.shl (local.get $j) (i32.const 2))))
    (block $stop
      (loop $next
        (local.set $c (i32.load16_u (i32.shl (i32.load16_u (local.get $p)) (i32.const 1))))
        ;; Entries 0 to 2 and from 0xd800 on, in one test: 0 and 2 the general way's, 1 a
        ;; separator (left out), 0xdfff an `l`, 0xd800 + slot a letter of two units (its slot
        ;; in the table of pairs), from 0xe000 on a letter like any other.
        (if (i32.ge_u (i32.sub (local.get $c) (i32.const 3)) (i32.const 0xd7fd))
          (then
            (if (i32.lt_u (local.get $c) (i32.const 0xe000))
              (then
                (if (i32.eq (local.get $c) (i32.const 1))
                  (then
                    (local.set $p (i32.add (local.get $p) (i32.const 2)))
                    (local.set $k (i32.add (local.get $k) (i32.const 1)))
                    (br $next)))
                (br_if $stop (i32.lt_u (local.get $c) (i32.const 0xd800)))
                (if (i32.eq (local.get $c) (i32.const 0xdfff))
                  (then
                    ;; `l` ends `cl`, which the general way reads; otherwise it is a letter.
                    (br_if $stop (i32.eq (local.get $last) (i32.const 0x63)))
                    (local.set $c (i32.const 0x6c)))
                  (else
                    ;; The slot's two units (one i32) and code point, which is what $last holds.
                    (local.set $at (i32.shl (i32.sub (local.get $c) (i32.const 0xd800)) (i32.const 3)))
                    (local.set $c (i32.load offset=131092 (local.get $at)))
                    (if (i32.eq (local.get $c) (local.get $last))
                      (then
                        (local.set $at (i32.add (local.get $ends) (i32.shl (local.get $count) (i32.const 3))))
                        (i32.store (local.get $at) (i32.sub (i32.shr_u (i32.sub (local.get $q) (local.get $out)) (i32.const 1)) (i32.const 1)))
                        (i32.store offset=4 (local.get $at) (local.get $k))
                        (local.set $count (i32.add (local.get $count) (i32.const 1))))
                      (else
                        (i32.store (local.get $q) (i32.load offset=131088 (local.get $at)))
                        (i32.store (local.get $f) (local.get $k))
                        (i32.store offset=4 (local.get $f) (local.get $k))
                        (local.set $q (i32.add (local.get $q) (i32.const 4)))
                        (local.set $f (i32.add (local.get $f) (i32.const 8)))
                        (local.set $last (local.get $c))))
                    (local.set $p (i32.add (local.get $p) (i32.const 2)))
                    (local.set $k (i32.add (local.get $k) (i32.const 1)))
                    (br $next)))))))
        ;; A letter the same as the last one extends its range (logged), unless it makes `vv`.
        (if (i32.eq (local.get $c) (local.get $last))
          (then
            (br_if $stop (i32.eq (local.get $c) (i32.const 0x76)))
            (local.set $at (i32.add (local.get $ends) (i32.shl (local.get $count) (i32.const 3))))
            (i32.store (local.get $at) (i32.sub (i32.shr_u (i32.sub (local.get $q) (local.get $out)) (i32.const 1)) (i32.const 1)))
            (i32.store offset=4 (local.get $at) (local.get $k))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 2)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $next)))
        (i32.store16 (local.get $q) (local.get $c))
        (i32.store (local.get $f) (local.get $k))
        (local.set $q (i32.add (local.get $q) (i32.const 2)))
        (local.set $f (i32.add (local.get $f) (i32.const 4)))
        (local.set $last (local.get $c))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (local.set $c (i32.load16_u (i32.shl (i32.load16_u (local.get $p)) (i32.const 1))))
        ;; Entries 0 to 2 and from 0xd800 on, in one test: 0 and 2 the general way's, 1 a
        ;; separator (left out), 0xdfff an `l`, 0xd800 + slot a letter of two units (its slot
        ;; in the table of pairs), from 0xe000 on a letter like any other.
        (if (i32.ge_u (i32.sub (local.get $c) (i32.const 3)) (i32.const 0xd7fd))
          (then
            (if (i32.lt_u (local.get $c) (i32.const 0xe000))
              (then
                (if (i32.eq (local.get $c) (i32.const 1))
                  (then
                    (local.set $p (i32.add (local.get $p) (i32.const 2)))
                    (local.set $k (i32.add (local.get $k) (i32.const 1)))
                    (br $next)))
                (br_if $stop (i32.lt_u (local.get $c) (i32.const 0xd800)))
                (if (i32.eq (local.get $c) (i32.const 0xdfff))
                  (then
                    ;; `l` ends `cl`, which the general way reads; otherwise it is a letter.
                    (br_if $stop (i32.eq (local.get $last) (i32.const 0x63)))
                    (local.set $c (i32.const 0x6c)))
                  (else
                    ;; The slot's two units (one i32) and code point, which is what $last holds.
                    (local.set $at (i32.shl (i32.sub (local.get $c) (i32.const 0xd800)) (i32.const 3)))
                    (local.set $c (i32.load offset=131092 (local.get $at)))
                    (if (i32.eq (local.get $c) (local.get $last))
                      (then
                        (local.set $at (i32.add (local.get $ends) (i32.shl (local.get $count) (i32.const 3))))
                        (i32.store (local.get $at) (i32.sub (i32.shr_u (i32.sub (local.get $q) (local.get $out)) (i32.const 1)) (i32.const 1)))
                        (i32.store offset=4 (local.get $at) (local.get $k))
                        (local.set $count (i32.add (local.get $count) (i32.const 1))))
                      (else
                        (i32.store (local.get $q) (i32.load offset=131088 (local.get $at)))
                        (i32.store (local.get $f) (local.get $k))
                        (i32.store offset=4 (local.get $f) (local.get $k))
                        (local.set $q (i32.add (local.get $q) (i32.const 4)))
                        (local.set $f (i32.add (local.get $f) (i32.const 8)))
                        (local.set $last (local.get $c))))
                    (local.set $p (i32.add (local.get $p) (i32.const 2)))
                    (local.set $k (i32.add (local.get $k) (i32.const 1)))
                    (br $next)))))))
        ;; A letter the same as the last one extends its range (logged), unless it makes `vv`.
        (if (i32.eq (local.get $c) (local.get $last))
          (then
            (br_if $stop (i32.eq (local.get $c) (i32.const 0x76)))
            (local.set $at (i32.add (local.get $ends) (i32.shl (local.get $count) (i32.const 3))))
            (i32.store (local.get $at) (i32.sub (i32.shr_u (i32.sub (local.get $q) (local.get $out)) (i32.const 1)) (i32.const 1)))
            (i32.store offset=4 (local.get $at) (local.get $k))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 2)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $next)))
        (i32.store16 (local.get $q) (local.get $c))
        (i32.store (local.get $f) (local.get $k))
        (local.set $q (i32.add (local.get $q) (i32.const 2)))
        (local.set $f (i32.add (local.get $f) (i32.const 4)))
        (local.set $last (local.get $c))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    ;; The state the caller reads back, in memory: reading a memory view from JavaScript costs
    ;; far less than reading a global's value, and a fold with stops reads it at each.
    (i32.store (i32.const 131072) (i32.shr_u (i32.sub (local.get $q) (local.get $out)) (i32.const 1)))
    (i32.store offset=4 (i32.const 131072) (local.get $last))
    (i32.store offset=8 (i32.const 131072) (local.get $count))
    (local.get $k))
)
