// Command mkdocs writes docs/functions.md from the function table. It is
// run by `go generate ./funcs`; it is a build tool, not part of the library.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/kinenix/expressions/funcs"
)

func main() {
	out := flag.String("o", "", "the file to write (default: standard output)")
	flag.Parse()
	md := funcs.Markdown()
	if *out == "" {
		if _, err := os.Stdout.Write(md); err != nil {
			fmt.Fprintln(os.Stderr, "mkdocs:", err)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, md, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "mkdocs:", err)
		os.Exit(1)
	}
}
