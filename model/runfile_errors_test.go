package model

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

// TestRunFileEveryLineNamesTheFile: several problems in one table (params
// joins them) print one per line, each with the file name (found by
// FuzzDecodeRunFile: the second line had no prefix).
func TestRunFileEveryLineNamesTheFile(t *testing.T) {
	_, err := DecodeRunFile(strings.NewReader("[params]\n0 = 0\n10 = {}\n"), "run.toml", "")
	require.Error(t, err)
	assert.Equal(t, ""+
		`run.toml: params: unknown key "0" (known keys: seed, start_time, num_ticks, verbose, show_progress, use_numba)`+"\n"+
		`run.toml: params: unknown key "10" (known keys: seed, start_time, num_ticks, verbose, show_progress, use_numba)`, err.Error())
	var ke *params.KeyError
	assert.True(t, errors.As(err, &ke), "the problems still unwrap")
}
