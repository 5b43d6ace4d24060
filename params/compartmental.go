package params

// CompartmentalStepDays is the length of one tick of the compartmental
// model in days (the reference's TIME_STEP_DAYS = 1).
const CompartmentalStepDays = 1

// CompartmentalParams are the run parameters of the compartmental SEIR model
// (the reference's CompartmentalParams): the keys and rules of
// [BiweeklyParams] (seed, start_time, num_ticks, verbose, show_progress,
// use_numba), with ticks of one day and the states S, E, I and R. Its JSON
// and TOML form is BiweeklyParams'.
type CompartmentalParams struct {
	BiweeklyParams
}

// DefaultCompartmental returns the default run parameters of the
// compartmental model: those of [Default] (365 ticks are then one year).
func DefaultCompartmental() CompartmentalParams {
	return CompartmentalParams{BiweeklyParams: Default()}
}

// States returns the compartment names of the compartmental model, in
// order: ["S", "E", "I", "R"]. The slice is new on every call.
func (p CompartmentalParams) States() []string { return []string{"S", "E", "I", "R"} }

// TimeStepDays returns the length of one tick in days:
// [CompartmentalStepDays] (1).
func (p CompartmentalParams) TimeStepDays() int { return CompartmentalStepDays }
