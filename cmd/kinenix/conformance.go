package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/conformance"
	"github.com/kinenix/expressions/internal/echo"
)

// conformance runs the conformance suite: the embedded one, or DIR's.
func (c *cli) conformance(flags *flag.FlagSet) func(rest []string) int {
	next := new(wholeFlag)
	*next = 10
	flags.Var(next, "next", "print at most `N` failing cases, simplest first")
	return func(rest []string) int {
		if len(rest) > 1 {
			return c.usageError("conformance", "conformance takes at most one DIR")
		}
		if *next < 0 {
			return c.usageError("conformance", "-next is a count, 0 or more")
		}
		var suite fs.FS = conformance.Suite()
		if len(rest) == 1 {
			st, err := os.Stat(rest[0])
			if errors.Is(err, fs.ErrNotExist) {
				return c.fail(fmt.Errorf("the directory %s does not exist", echo.Clean(rest[0])))
			}
			if err != nil {
				return c.fail(fmt.Errorf("cannot read the directory %s", echo.Clean(rest[0])))
			}
			if !st.IsDir() {
				return c.usageError("conformance", rest[0]+" is not a directory")
			}
			suite = os.DirFS(rest[0])
		}
		cases, err := conformance.Load(suite)
		if err != nil {
			return c.fail(err)
		}
		results := conformance.Run(cases)
		type tally struct{ pass, fail int }
		var areas []string
		byArea := map[string]*tally{}
		var failed []conformance.Result
		for _, r := range results {
			t := byArea[r.Case.Area]
			if t == nil {
				t = &tally{}
				byArea[r.Case.Area] = t
				areas = append(areas, r.Case.Area)
			}
			if r.Pass {
				t.pass++
			} else {
				t.fail++
				failed = append(failed, r)
			}
		}
		width := 0
		for _, a := range areas {
			width = max(width, len(a))
		}
		for _, a := range areas {
			t := byArea[a]
			verdict := "pass"
			if t.fail > 0 {
				verdict = "FAIL " + strconv.Itoa(t.fail)
			}
			fmt.Fprintf(c.stdout, "%-*s %5d/%-5d %s\n", width, a, t.pass, t.pass+t.fail, verdict)
		}
		fmt.Fprintf(c.stdout, "%d cases: %d pass, %d fail\n", len(results), len(results)-len(failed), len(failed))
		if len(failed) == 0 {
			return exitOK
		}
		sort.SliceStable(failed, func(i, j int) bool { return failed[i].Case.Complexity < failed[j].Case.Complexity })
		if *next > 0 {
			fmt.Fprintln(c.stdout, "\nnext to fix, simplest first:")
		}
		for i, r := range failed {
			if i == int(*next) {
				fmt.Fprintf(c.stdout, "... and %d more (-next N shows more)\n", len(failed)-i)
				break
			}
			// What a file of cases holds is echoed cleaned (D37), each on
			// its line; a flow's findings, one a line, stay so.
			k := r.Case
			fmt.Fprintf(c.stdout, "%s:%d: %s (%s, complexity %d)\n",
				echo.Clean(k.File), k.Line, echo.Clean(k.Title()), echo.Clean(k.Rule), k.Complexity)
			lines := []string{r.Got}
			if k.Form == "flow" {
				lines = strings.Split(r.Got, "\n")
			}
			for i, l := range lines {
				lines[i] = echo.Clean(l)
			}
			got := strings.Join(lines, "\n       ")
			fmt.Fprintf(c.stdout, "  %s\n  got: %s\n  hint: %s\n", echo.Clean(r.Why), got, echo.Clean(k.Hint))
		}
		return exitProblem
	}
}
