package metrics_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in      string
		want    metrics.Format
		ext     string
		wantErr string
	}{
		{"csv", metrics.CSV, ".csv", ""},
		{"parquet", metrics.Parquet, ".parquet", ""},
		{"xlsx", "", "", `"xlsx" is not csv or parquet`},
		{"CSV", "", "", `"CSV" is not csv or parquet`},
		{"", "", "", `"" is not csv or parquet`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := metrics.ParseFormat(tc.in)
			if tc.wantErr != "" {
				require.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.ext, got.Ext())
		})
	}
}
