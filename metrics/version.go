package metrics

// Version is rubeola's version, recorded in outputs (the results summary's
// metadata.generator is "rubeola " + Version). It lives here because
// metrics writes it and cannot import model.
const Version = "0.1.0"

// ProgramName is the name of rubeola's own binary.
const ProgramName = "rubeola"

// Generator returns the name a program gives itself in its outputs
// (summary.json's metadata.generator, the run summary's first line):
// "rubeola 0.1.0" for rubeola's own binary (program "" or "rubeola"),
// "mybinary (rubeola 0.1.0)" for a binary of one's own built on rubeola
// (cli.New(cli.WithName("mybinary"))).
func Generator(program string) string {
	if program == "" || program == ProgramName {
		return ProgramName + " " + Version
	}
	return program + " (" + ProgramName + " " + Version + ")"
}
