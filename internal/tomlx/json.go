package tomlx

import "time"

// ToJSON converts a decoded TOML value for encoding/json: a datetime
// becomes YYYY-MM-DD when it is a bare date, RFC 3339 otherwise; tables and
// arrays are converted recursively (the result is a copy).
func ToJSON(v any) any {
	switch x := v.(type) {
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			return x.Format(time.DateOnly)
		}
		return x.Format(time.RFC3339Nano)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = ToJSON(e)
		}
		return out
	case []map[string]any:
		out := make([]any, len(x))
		for k, e := range x {
			out[k] = ToJSON(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for k, e := range x {
			out[k] = ToJSON(e)
		}
		return out
	}
	return v
}
