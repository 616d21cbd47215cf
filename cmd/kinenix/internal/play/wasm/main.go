//go:build js && wasm

// Command wasm is the playground's library in the browser: `make site`
// builds it to kinenix.wasm, and the page's worker runs it. It sets
// kinenix.call(name, json) on the global object, which answers with
// {out: json} or {error: message, bad: true when the request was at
// fault}; the work is play.Call's, the same as `kinenix play` does.
package main

import (
	"context"
	"errors"
	"runtime/debug"
	"syscall/js"

	"github.com/kinenix/expressions/cmd/kinenix/internal/play"
)

func main() {
	// WebAssembly runs one thread, the collector included: collecting
	// less often, with the memory a page has, is most of the speed of a
	// table of many rows.
	debug.SetGCPercent(800)
	call := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return map[string]any{"error": "call takes a name and a JSON text", "bad": true}
		}
		out, err := play.Call(context.Background(), args[0].String(), []byte(args[1].String()))
		if err != nil {
			var bad *play.BadRequest
			return map[string]any{"error": err.Error(), "bad": errors.As(err, &bad)}
		}
		return map[string]any{"out": string(out)}
	})
	js.Global().Set("kinenix", map[string]any{"call": call})
	select {} // answer calls until the page goes
}
