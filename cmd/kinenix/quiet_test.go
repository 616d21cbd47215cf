package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// quietFlows are right flows, in the shapes authors write them, that no
// check may warn about: Thai and English text next to ${...}, prose with
// $ amounts, URLs, code spans and code blocks, tables, every operator,
// and/or, quoted values with commas and apostrophes, the twelve functions
// nested, env.X with -env, keys with spaces and dots, numbers in their
// legal forms, dates compared with ==, and data in each format the CLI
// reads. A trap is a heuristic: a warning on a right flow fails it under
// -strict. dataOnly marks a flow right only with its data (a value that
// the data holds as written, which without data is the trap D44 names).
var quietFlows = []struct {
	flow, data, env string
	dataOnly        bool
}{
	{"renewal_thai_en.md", "policies.csv", "", false},
	{"thai_glued.md", "policies.csv", "", false},
	{"prose_heavy.md", "policies.csv", "", false},
	{"table_in_prose.md", "policies.csv", "", false},
	{"code_blocks.md", "policies.csv", "", false},
	{"dollars_in_prose.md", "policies.csv", "", false},
	{"urls_emails.md", "order.json", "", false},
	{"ops_in.md", "order.json", "", false},
	{"ops_contains.md", "order.json", "", false},
	{"ops_empty.md", "order.json", "", false},
	{"and_or_mix.md", "order.json", "", false},
	{"johnson.md", "order.json", "", false},
	{"obrien.md", "order.json", "", false},
	{"thai_values_cond.md", "order.json", "", false},
	{"all_funcs_nested.md", "order.json", "", false},
	{"env_region.md", "order.json", "REGION", false},
	{"keys_spaces.md", "order.json", "", false},
	{"role_in_company_csv.md", "policies.csv", "", false},
	{"numbers_forms.md", "order.json", "", false},
	{"dates_eq.md", "policies.csv", "", false},
	{"default_blank.md", "policies.csv", "", false},
	{"xlsx_thai.md", "thai.xlsx", "", false},
	{"yaml_shop.md", "shop.yaml", "", false},
	{"jsonl_people.md", "people.jsonl", "", false},
	{"dollar_fields.md", "policies.csv", "", false},
	{"dollar_in_inline_code.md", "order.json", "", false},
	{"moustache_in_quotes.md", "order.json", "", false},
	{"bang_in_text.md", "order.json", "", false},
	{"prose_words.md", "order.json", "", false},
	{"labels_styles.md", "order.json", "", false},
	{"table_documenting.md", "order.json", "", false},
	{"in_commas_quoted.md", "policies.csv", "", false},
	{"in_single_quoted_whole_json.md", "order.json", "", true},
	{"list_text_held.md", "held.json", "", true},
	{"curly_apostrophe.md", "order.json", "", false},
	{"curly_value_meant.md", "curly.json", "", false},
	{"zwsp_thai_text.md", "policies.csv", "", false},
	{"brackets_in_values.md", "order.json", "", false},
	{"research_and_dev.md", "misc.csv", "", false},
	{"labels_near_condition.md", "policies.csv", "", false},
	{"renewal_thai_en_crlf.md", "policies.csv", "", false},
	{"renewal_thai_en_bom.md", "policies.csv", "", false},
	{"quoted_code_sample.md", "order.json", "", false},
	{"semicolons.md", "policies.csv", "", false},
	{"symbols_compared.md", "held.json", "", false},
}

// quietCondition is a condition field's line; its value is the group.
var quietCondition = regexp.MustCompile(`(?i)^\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*condition:\*\*|\*\*condition\*\*:|__condition:__)\s*(.*?)\s*$`)

// Each right flow passes validate -strict with and without its data,
// preview -strict over every row of its data (no field or condition fails
// on a row), and cond -explain of each of its conditions, with no word on
// standard error.
func TestQuietFlows(t *testing.T) {
	t.Setenv("REGION", "ap-southeast-1")
	dir := filepath.Join("testdata", "quiet")
	seen := map[string]bool{}
	for _, q := range quietFlows {
		seen[q.flow] = true
		flow, data := filepath.Join(dir, q.flow), filepath.Join(dir, "data", q.data)
		var env []string
		if q.env != "" {
			env = []string{"-env", q.env}
		}
		quiet := func(args ...string) result {
			t.Helper()
			r := runCLI(t, "", append(append(args[:1:1], env...), args[1:]...)...)
			require.Equal(t, 0, r.code, "%s %v:\n%s%s", q.flow, args, r.stdout, r.stderr)
			require.Empty(t, r.stderr, "%s %v", q.flow, args)
			return r
		}
		if !q.dataOnly {
			r := quiet("validate", "-strict", flow)
			require.Empty(t, r.stdout, q.flow)
		}
		r := quiet("validate", "-strict", "-data", data, flow)
		require.Empty(t, r.stdout, q.flow)
		r = quiet("preview", "-strict", "-data", data, "-summary", flow)
		require.NotRegexp(t, `fails in (?:[^n]|n[^o])|fail [1-9]`, r.stdout, q.flow)
		if ext := filepath.Ext(q.data); ext == ".csv" || ext == ".xlsx" || ext == ".jsonl" {
			quiet("preview", "-strict", "-data", data, "-each", flow)
		}
		src, err := os.ReadFile(flow)
		require.NoError(t, err)
		for _, ln := range strings.Split(strings.ReplaceAll(strings.TrimPrefix(string(src), "\ufeff"), "\r\n", "\n"), "\n") {
			if m := quietCondition.FindStringSubmatch(ln); m != nil {
				quiet("cond", "-explain", "-data", data, m[1])
			}
		}
	}
	// Every flow of the folder is in the table.
	flows, err := filepath.Glob(filepath.Join(dir, "*.md"))
	require.NoError(t, err)
	for _, f := range flows {
		require.True(t, seen[filepath.Base(f)], "%s is not in quietFlows", f)
	}
}
