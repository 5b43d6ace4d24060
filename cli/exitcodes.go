package cli

// rootShort is the one-line description of the rubeola command.
const rootShort = "Spatial measles modelling: the biweekly SIR model, the compartmental SEIR model and the agent-based model"

// exitCodesHelp states the exit codes of every command, as docs/outputs.md
// does: [exitOK], [exitRunError], [exitValidation].
const exitCodesHelp = "Exit codes: 0 ok; 1 a run (or a download) failed after its inputs were accepted; 2 bad input —\n" +
	"a flag, file or value refused before anything runs (everything validate checks, the components'\n" +
	"initialisation, an --out that cannot be written), one line per problem on stderr, nothing written."
