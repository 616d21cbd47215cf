// Package funcs is the whitelist of functions that an expression inside
// ${...} may call: len, join, number, trim, lower, upper, replace, default,
// round, part and substring (design section 5, decisions D19-D24), and
// format (D40).
//
// Every function is declared once, in the table of table.go, with its
// parameters, a one-sentence description, what an empty input gives, and
// examples. The evaluator finds a function with Lookup, checks the number of
// values statically with CheckArity, and runs Call; Call does not check the
// number of values again. Unknown names get a suggestion (Suggest, Unknown).
// Three rules about values are the table's, not each function's: an empty
// value for an optional parameter counts as left out (D47, Param.Optional
// and Param.Default), an empty first value gives the function's empty
// result without its other values being checked (D48, Func.EmptyFirst),
// and a lazy parameter is computed only when Func.Shortcut cannot decide
// the call from its first value (D46, Param.Lazy: default's fallback).
// docs/functions.md is rendered from the same table by Markdown; run
// `go generate ./funcs` after changing the table.
//
// Every function is pure and bounded: no I/O, no clock, no environment, and
// each one that builds text computes or bounds the size of its result before
// it allocates, failing with value.ErrTooLong (an ErrLimit) past Env.MaxSize (D17).
// Messages are written for flow authors: they start with the function name,
// name kinds of values as value.Kind does, and echo data by the one rule of
// D37 (internal/echo): at most 120 characters, cut with …, control and
// bidi characters and invalid UTF-8 written as escapes.
package funcs

// Design notes (not API).
//
// Characters are Unicode code points (D19): len, substring and the quoting
// of data in messages count runes; a byte that is not valid UTF-8 counts as
// one character and is never split or dropped by trim, part or substring.
//
// The text of a number or boolean is its shown text (D3, D4). trim, lower,
// upper, replace, part and substring accept it; a list or dictionary fails
// there, because its shown text is rarely what a flow author meant.
//
// Sizes: join sums the shown sizes of its items and separators, replace
// counts the matches, lower and upper count the size of the full case
// mapping (value.Upper.Len, which may be up to 3x the text) before
// building anything. trim, part and
// substring return a piece of their input and only check that piece against
// the cap, so no function builds text past the cap.
