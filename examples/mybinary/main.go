// Command mybinary is rubeola with one more component and one more
// subcommand: Waning (waning.go), which any run file can list
// (`[[phases]] type = "Waning"`, see run.toml), and `mybinary
// waning-rates` (rates.go), added with cli.New(…).AddCommand. Errors begin
// with "mybinary:", not "rubeola:". bench_test.go benchmarks Waning with
// package benchkit.
//
//	go run ./examples/mybinary run --config examples/mybinary/run.toml --out out
//	go run ./examples/mybinary waning-rates --yearly-rate 0.1
package main

import (
	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/model"
)

func main() {
	model.MustRegister(waningType)
	newApp().Main()
}

// newApp returns the command line: rubeola's commands, the
// waning-rates subcommand, and the program name "mybinary" in usage lines
// and error messages.
func newApp() *cli.App {
	return cli.New(cli.WithName("mybinary")).AddCommand(newRatesCmd)
}
