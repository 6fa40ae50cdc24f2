#!/bin/sh
# Regenerates the built-in puzzle collection (jink/puzzles/data) with
# `jink puzzle generate`: every line is seeded, so the files come out the same.
# Big tables (6+ seats) are endgames, so `jink puzzle check` stays quick on the
# Python engine. Run from the repository root: sh tools/make_puzzles.sh
# (The five hand-written puzzles, made from the built-in examples, are not
# generated: sf-quiet-trump, sf-renege, ff-plain-heart, rounce-humble-eight,
# loo-queen-of-spades. Do not delete them.)
set -e
cd "$(dirname "$0")/.."
out=jink/puzzles/data
g() { jink puzzle generate --out "$out" "$@"; }

g -g spoil-five -n 2 --count 2 --seed 11 --prefix sf-2-lead
g -g spoil-five -n 3 --count 3 --seed 12 --prefix sf-3-lead
g -g spoil-five -n 4 --count 2 --seed 13 --prefix sf-4-lead
g -g spoil-five -n 4 --count 1 --seed 14 --mid-trick --prefix sf-4-follow
g -g spoil-five -n 3 --count 1 --seed 10 --mid-trick --prefix sf-3-follow
g -g spoil-five -n 6 --count 1 --seed 9 --prefix sf-6-lead
g -g spoil-five -n 5 --count 2 --seed 15 --prefix sf-5-lead
g -g spoil-five -n 6 --count 1 --seed 16 --cards 3 --prefix sf-6-end
g -g spoil-five -n 7 --count 1 --seed 17 --cards 3 --prefix sf-7-end
g -g spoil-five -n 8 --count 1 --seed 18 --cards 2 --prefix sf-8-end
g -g spoil-five -n 9 --count 1 --seed 19 --cards 2 --prefix sf-9-end
g -g spoil-five -n 10 --count 1 --seed 20 --cards 2 --prefix sf-10-end

g -g forty-five -n 2 --count 2 --seed 21 --prefix ff-2-lead
g -g forty-five -n 4 --count 3 --seed 22 --prefix ff-4-lead
g -g forty-five -n 4 --count 1 --seed 23 --mid-trick --prefix ff-4-follow
g -g forty-five -n 6 --count 2 --seed 24 --cards 3 --prefix ff-6-end

g -g rams -n 2 --count 2 --seed 31 --prefix rams-2-lead
g -g rams -n 3 --count 2 --seed 32 --prefix rams-3-lead
g -g rams -n 4 --count 2 --seed 33 --prefix rams-4-lead
g -g rams -n 4 --count 1 --seed 34 --mid-trick --prefix rams-4-follow
g -g rams -n 5 --count 2 --seed 35 --cards 4 --prefix rams-5-end

g -g rounce -n 2 --count 2 --seed 41 --prefix rounce-2-lead
g -g rounce -n 3 --count 2 --seed 42 --prefix rounce-3-lead
g -g rounce -n 4 --count 2 --seed 43 --prefix rounce-4-lead
g -g rounce -n 5 --count 1 --seed 44 --mid-trick --prefix rounce-5-follow
g -g rounce -n 6 --count 1 --seed 45 --cards 3 --prefix rounce-6-end
g -g rounce -n 7 --count 1 --seed 46 --cards 3 --prefix rounce-7-end
g -g rounce -n 8 --count 1 --seed 47 --cards 2 --prefix rounce-8-end
g -g rounce -n 9 --count 1 --seed 48 --cards 2 --prefix rounce-9-end

g -g bierspiel -n 2 --count 1 --seed 51 --cards 3 --prefix bier-2-end
g -g bierspiel -n 2 --count 1 --seed 51 --mid-trick --prefix bier-2-follow
g -g bierspiel -n 3 --count 2 --seed 52 --prefix bier-3-lead
g -g bierspiel -n 4 --count 2 --seed 53 --prefix bier-4-lead
g -g bierspiel -n 4 --count 1 --seed 54 --mid-trick --prefix bier-4-follow
g -g bierspiel -n 5 --count 2 --seed 55 --cards 4 --prefix bier-5-end

g -g loo -n 2 --count 2 --seed 61 --prefix loo-2-lead
g -g loo -n 3 --count 2 --seed 62 --prefix loo-3-lead
g -g loo -n 4 --count 1 --seed 63 --prefix loo-4-lead
g -g loo -n 5 --count 1 --seed 64 --mid-trick --prefix loo-5-follow
g -g loo -n 6 --count 1 --seed 65 --prefix loo-6-lead
g -g loo -n 7 --count 1 --seed 66 --prefix loo-7-lead
g -g loo -n 8 --count 1 --seed 67 --prefix loo-8-lead
g -g loo -n 9 --count 1 --seed 68 --cards 2 --prefix loo-9-end
g -g loo -n 10 --count 1 --seed 69 --cards 2 --prefix loo-10-end
