package fit

import "strings"

// TownKey names parameter name's value in one town: "name[town]"
// ("rho[London]"). Parameter maps ([PFilterOptions.Set], [IF2Result.MLE],
// a profile point's Params) hold per-town values under such keys beside
// the values every town shares; a town key wins over its parameter's
// shared value.
func TownKey(name, town string) string { return name + "[" + town + "]" }

// SplitTownKey splits a [TownKey] into the parameter's name and the town;
// ok is false for a plain name.
func SplitTownKey(key string) (name, town string, ok bool) {
	i := strings.IndexByte(key, '[')
	if i <= 0 || !strings.HasSuffix(key, "]") || len(key)-1 <= i+1 {
		return key, "", false
	}
	return key[:i], key[i+1 : len(key)-1], true
}
