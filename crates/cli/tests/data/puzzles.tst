# Ohm's regression puzzles for the solver's GTP commands, in the form of Benzene's regression
# files (regression/*.tst there): GTP commands, and after each numbered command the expected
# reply as `#? [text]`. crates/cli/tests/regression.rs feeds the file to the real `ohm`
# binary and compares every numbered reply; it also verifies each expected answer without
# the solver's table or knowledge: every claimed winner's strategy, and for every empty cell
# the strategy of the side that wins after it, replayed by the strategy checker
# (ohm_engine::solver::proof::check, which trusts only H-search at its leaves).
#
# dfpn-solver-find-winning lists the complete set of winning moves, row by row (Benzene
# lists only the winning moves its inferior-cell analysis keeps).
#
# The puzzles: the three of the embeddable board's tutorial page (web/examples), then random
# positions on 4x4 to 7x7 where the side to move has one or two winning moves and H-search
# alone decides nothing at the root (three whose strategies take minutes to check were left
# out). Black joins rows 1 and n, White columns a and n; no swap.

# tutorial puzzle 1 (R b3 B c3 d2, Red to play)
boardsize 5 5
play b b3
play w c3
play w d2
dfpn-clear-tt
101 dfpn-solve-state b
#? [black]
dfpn-clear-tt
102 dfpn-solver-find-winning b
#? [b4 a5]
dfpn-clear-tt
103 dfpn-solve-state w
#? [white]

# tutorial puzzle 2 (R b5 c3 B c4 d3, Red to play)
boardsize 6 6
play b b5
play b c3
play w c4
play w d3
dfpn-clear-tt
111 dfpn-solve-state b
#? [black]
dfpn-clear-tt
112 dfpn-solver-find-winning b
#? [b4]
dfpn-clear-tt
113 dfpn-solve-state w
#? [white]

# tutorial puzzle 3 (AB b2 d4 AW c3 b4, Red to play)
boardsize 5 5
play b b2
play b d4
play w c3
play w b4
dfpn-clear-tt
121 dfpn-solve-state b
#? [black]
dfpn-clear-tt
122 dfpn-solver-find-winning b
#? [e2 a4 a5]
dfpn-clear-tt
123 dfpn-solve-state w
#? [white]

# 4x4, White to play
boardsize 4 4
play b b2
play w a3
play b a4
play w b4
play b c3
dfpn-clear-tt
131 dfpn-solve-state w
#? [white]
dfpn-clear-tt
132 dfpn-solver-find-winning w
#? [b3]
dfpn-clear-tt
133 dfpn-solve-state b
#? [black]

# 4x4, Black to play
boardsize 4 4
play b d2
play w c2
play b c3
play w a3
play b d4
play w c1
dfpn-clear-tt
141 dfpn-solve-state b
#? [black]
dfpn-clear-tt
142 dfpn-solver-find-winning b
#? [d1]
dfpn-clear-tt
143 dfpn-solve-state w
#? [white]

# 4x4, Black to play
boardsize 4 4
play b b2
play w c3
play b c4
play w a3
play b c2
play w d2
dfpn-clear-tt
151 dfpn-solve-state b
#? [black]
dfpn-clear-tt
152 dfpn-solver-find-winning b
#? [b3]
dfpn-clear-tt
153 dfpn-solve-state w
#? [white]

# 4x4, Black to play
boardsize 4 4
play b c1
play w c4
play b d3
play w d2
play b b4
play w c3
play b a4
play w c2
dfpn-clear-tt
161 dfpn-solve-state b
#? [black]
dfpn-clear-tt
162 dfpn-solver-find-winning b
#? [b2 a3]
dfpn-clear-tt
163 dfpn-solve-state w
#? [white]

# 5x5, White to play
boardsize 5 5
play b d5
play w e5
play b b3
play w a3
play b c5
play w b1
play b a2
dfpn-clear-tt
171 dfpn-solve-state w
#? [white]
dfpn-clear-tt
172 dfpn-solver-find-winning w
#? [d2 b4]
dfpn-clear-tt
173 dfpn-solve-state b
#? [black]

# 5x5, White to play
boardsize 5 5
play b b3
play w d3
play b e1
play w c1
play b d2
dfpn-clear-tt
181 dfpn-solve-state w
#? [white]
dfpn-clear-tt
182 dfpn-solver-find-winning w
#? [b4]
dfpn-clear-tt
183 dfpn-solve-state b
#? [black]

# 5x5, Black to play
boardsize 5 5
play b e3
play w a1
play b c5
play w d4
play b d1
play w c2
dfpn-clear-tt
191 dfpn-solve-state b
#? [black]
dfpn-clear-tt
192 dfpn-solver-find-winning b
#? [d2]
dfpn-clear-tt
193 dfpn-solve-state w
#? [white]

# 5x5, White to play
boardsize 5 5
play b e3
play w d2
play b e1
play w a5
play b b3
dfpn-clear-tt
201 dfpn-solve-state w
#? [white]
dfpn-clear-tt
202 dfpn-solver-find-winning w
#? [c4]
dfpn-clear-tt
203 dfpn-solve-state b
#? [black]

# 5x5, White to play
boardsize 5 5
play b d1
play w a3
play b a4
play w b5
play b a5
play w c5
play b e5
dfpn-clear-tt
211 dfpn-solve-state w
#? [white]
dfpn-clear-tt
212 dfpn-solver-find-winning w
#? [c2]
dfpn-clear-tt
213 dfpn-solve-state b
#? [black]

# 5x5, White to play
boardsize 5 5
play b c5
play w c4
play b a3
play w e5
play b d5
play w a1
play b b1
play w e2
play b b3
dfpn-clear-tt
221 dfpn-solve-state w
#? [white]
dfpn-clear-tt
222 dfpn-solver-find-winning w
#? [b4 a5]
dfpn-clear-tt
223 dfpn-solve-state b
#? [black]

# 5x5, White to play
boardsize 5 5
play b a5
play w c2
play b c1
play w d2
play b a3
play w b4
play b a2
dfpn-clear-tt
231 dfpn-solve-state w
#? [white]
dfpn-clear-tt
232 dfpn-solver-find-winning w
#? [a4]
dfpn-clear-tt
233 dfpn-solve-state b
#? [black]

# 5x5, Black to play
boardsize 5 5
play b c5
play w b3
play b a3
play w e3
play b d1
play w d2
dfpn-clear-tt
241 dfpn-solve-state b
#? [black]
dfpn-clear-tt
242 dfpn-solver-find-winning b
#? [a4]
dfpn-clear-tt
243 dfpn-solve-state w
#? [white]

# 6x6, Black to play
boardsize 6 6
play b a4
play w d3
play b c6
play w e2
play b d2
play w f6
play b e5
play w e3
play b e1
play w b4
dfpn-clear-tt
261 dfpn-solve-state b
#? [black]
dfpn-clear-tt
262 dfpn-solver-find-winning b
#? [c3 a5]
dfpn-clear-tt
263 dfpn-solve-state w
#? [white]

# 6x6, White to play
boardsize 6 6
play b a4
play w f2
play b b6
play w f5
play b a2
play w c1
play b e5
play w c3
play b d6
play w a3
play b c5
play w d5
play b d3
dfpn-clear-tt
271 dfpn-solve-state w
#? [white]
dfpn-clear-tt
272 dfpn-solver-find-winning w
#? [e1 c4]
dfpn-clear-tt
273 dfpn-solve-state b
#? [black]

# 6x6, Black to play
boardsize 6 6
play b a1
play w b4
play b c6
play w e3
play b b5
play w f3
dfpn-clear-tt
281 dfpn-solve-state b
#? [black]
dfpn-clear-tt
282 dfpn-solver-find-winning b
#? [d3]
dfpn-clear-tt
283 dfpn-solve-state w
#? [white]

# 6x6, Black to play
boardsize 6 6
play b f3
play w c1
play b b1
play w e3
play b c6
play w d2
play b d6
play w b5
play b f4
play w a6
play b d4
play w a3
play b a2
play w d1
dfpn-clear-tt
291 dfpn-solve-state b
#? [black]
dfpn-clear-tt
292 dfpn-solver-find-winning b
#? [e2]
dfpn-clear-tt
293 dfpn-solve-state w
#? [white]

# 6x6, White to play
boardsize 6 6
play b f4
play w d3
play b b2
play w f3
play b b6
play w c6
play b f2
play w f5
play b c5
dfpn-clear-tt
301 dfpn-solve-state w
#? [white]
dfpn-clear-tt
302 dfpn-solver-find-winning w
#? [d2]
dfpn-clear-tt
303 dfpn-solve-state b
#? [black]

# 6x6, Black to play
boardsize 6 6
play b a5
play w b1
play b d6
play w d2
play b f1
play w c1
dfpn-clear-tt
311 dfpn-solve-state b
#? [black]
dfpn-clear-tt
312 dfpn-solver-find-winning b
#? [e3]
dfpn-clear-tt
313 dfpn-solve-state w
#? [white]

# 6x6, White to play
boardsize 6 6
play b e5
play w c3
play b e3
play w e6
play b b1
play w a5
play b d1
play w f2
play b b2
play w c2
play b d4
play w a6
play b f6
play w b5
play b c5
dfpn-clear-tt
321 dfpn-solve-state w
#? [white]
dfpn-clear-tt
322 dfpn-solver-find-winning w
#? [e2]
dfpn-clear-tt
323 dfpn-solve-state b
#? [black]

# 6x6, Black to play
boardsize 6 6
play b f6
play w b2
play b f1
play w a1
play b e5
play w f4
play b a2
play w b3
play b b1
play w e4
dfpn-clear-tt
331 dfpn-solve-state b
#? [black]
dfpn-clear-tt
332 dfpn-solver-find-winning b
#? [c4]
dfpn-clear-tt
333 dfpn-solve-state w
#? [white]

# 6x6, Black to play
boardsize 6 6
play b b5
play w a6
play b c2
play w e6
play b b2
play w e3
play b d4
play w b6
play b c1
play w b1
dfpn-clear-tt
341 dfpn-solve-state b
#? [black]
dfpn-clear-tt
342 dfpn-solver-find-winning b
#? [d5 c6]
dfpn-clear-tt
343 dfpn-solve-state w
#? [white]

# 7x7, White to play
boardsize 7 7
play b f5
play w a3
play b c2
play w b5
play b f3
play w b6
play b d7
play w f6
play b d5
play w d4
play b e6
play w g6
play b e5
play w e4
play b c4
dfpn-clear-tt
371 dfpn-solve-state w
#? [white]
dfpn-clear-tt
372 dfpn-solver-find-winning w
#? [d3]
dfpn-clear-tt
373 dfpn-solve-state b
#? [black]

# 7x7, White to play
boardsize 7 7
play b f1
play w a5
play b b7
play w a4
play b d2
play w a1
play b d1
play w f6
play b f3
play w a2
play b b6
play w d6
play b e1
play w c7
play b d3
play w b4
play b a3
play w f7
play b d4
play w g2
play b e4
dfpn-clear-tt
381 dfpn-solve-state w
#? [white]
dfpn-clear-tt
382 dfpn-solver-find-winning w
#? [c5]
dfpn-clear-tt
383 dfpn-solve-state b
#? [black]

# 7x7, Black to play
boardsize 7 7
play b g6
play w c3
play b g1
play w c2
play b c7
play w a1
play b d6
play w e4
play b b7
play w c1
play b b2
play w g7
play b a2
play w g4
play b f7
play w g3
dfpn-clear-tt
391 dfpn-solve-state b
#? [black]
dfpn-clear-tt
392 dfpn-solver-find-winning b
#? [f3 d4]
dfpn-clear-tt
393 dfpn-solve-state w
#? [white]

# 7x7, White to play
boardsize 7 7
play b e3
play w f5
play b g1
play w e6
play b g4
play w c2
play b c7
play w c4
play b g3
play w f3
play b a2
play w f7
play b g5
play w e7
play b f2
play w e1
play b b6
dfpn-clear-tt
401 dfpn-solve-state w
#? [white]
dfpn-clear-tt
402 dfpn-solver-find-winning w
#? [d4 d5]
dfpn-clear-tt
403 dfpn-solve-state b
#? [black]

