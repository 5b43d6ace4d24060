package main

import (
	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/model"
)

func main() {
	model.MustRegister(catchupType)
	newApp().Main()
}

// newApp returns rubeola's command line under the program name
// "abmcatchup" (usage lines, errors, `version` and summary.json's
// metadata.generator).
func newApp() *cli.App { return cli.New(cli.WithName("abmcatchup")) }
