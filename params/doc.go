// Package params holds the run parameters of the three model types and the
// strict decoding every component's parameters share (SPEC §2).
//
// # Run parameters
//
// [BiweeklyParams] (alias [Params]) has six fields: seed, start_time,
// num_ticks, verbose, show_progress and use_numba (the Go field Parallel).
// [Default] returns the defaults; the Go zero value is not valid. Methods:
// [BiweeklyParams.Validate], [BiweeklyParams.StartDate] (first day of the
// start month, 00:00 UTC), [BiweeklyParams.States] (S, I, R),
// [BiweeklyParams.TimeStepDays] ([StepDays], 14) and [BiweeklyParams.String]
// (JSON, keys sorted, indent 2). They are the biweekly model's.
//
// [CompartmentalParams] ([DefaultCompartmental]) are the compartmental and
// the agent-based model's: the same keys, rules and file form, with
// [CompartmentalParams.States] S, E, I, R and
// [CompartmentalParams.TimeStepDays] [CompartmentalStepDays] (1). A run
// file's [params] table is read the same way for every model type.
//
// Reading them: [DecodeJSON], [DecodeTOML], [DecodeMap] (an already-parsed
// table) and [LoadFile] (by extension). Each starts from the defaults,
// overlays the given keys, stores start_time as "YYYY-MM" and validates.
// BiweeklyParams also implements json.Unmarshaler and BurntSushi's
// toml.Unmarshaler with the same rules. [ParseStartTime] and
// [NormalizeStartTime] apply the start_time rules of SPEC §2.2 to a string.
//
// # Strict decoding for component parameters
//
// Every component's …Params struct is decoded with [DecodeStrict] (JSON) or
// [DecodeStrictMap] (an already-parsed object such as a TOML table), driven by
// [KeyRules]: the component name for messages, accepted aliases and keys
// rejected with a hint. Defaults come first (the struct passed in), unknown
// keys are rejected with a did-you-mean hint from [Suggest], aliases are
// rewritten to canonical keys, wrong JSON types are named, and on any error
// the struct is left unchanged. Each problem is a [*KeyError] (kinds
// [UnknownKey], [RejectedKey], [ConflictingKeys], [WrongType], [BadValue]);
// all problems are returned together with errors.Join, and [KeyErrors]
// lists them for callers that format their own messages.
//
// The decoding itself is encoding/json's, field by field into a copy of the
// current value, and a TOML table is the map github.com/BurntSushi/toml
// decodes; the checks before it add what encoding/json does not do: exact
// (case-sensitive) keys at every level, aliases and rejected keys, null only
// where it means nil, integral numbers in any spelling for integer fields,
// every problem at once with its path ("season_table[3]"). The key index of
// each struct type is built once and cached.
//
// # Keys declared once, in struct tags
//
// A params struct declares each key next to its field: the json tag is the
// key, alias:"a,b" its other spellings, doc:"…" its meaning (shown by
// `rubeola components`) and path:"relative" a file path that a run file
// resolves against its own directory. [KeyDocs] reads them, and
// [DecodeStrict] accepts the alias tags by itself ([KeyRules.Aliases] only
// adds spellings no tag declares). A typical component:
//
//	type InfectionParams struct {
//		Seasonality float64 `json:"seasonality" alias:"seasonal_amplitude" doc:"amplitude A of s(t), in [0, 1]"`
//		…
//	}
//
//	var infectionRules = params.KeyRules{
//		Component: "InfectionProcess",
//		Rejected:  map[string]string{"distance_exponent": "configure the mixer"},
//	}
//
//	func (p *InfectionParams) UnmarshalJSON(data []byte) error {
//		q := *p // or DefaultInfectionParams()
//		if err := params.DecodeStrict(data, &q, infectionRules); err != nil {
//			return err
//		}
//		*p = q
//		return nil
//	}
//
// [DecodeComponent] does the same over a component's defaults and then
// validates: a component's Decode…Params is usually that one call.
package params
