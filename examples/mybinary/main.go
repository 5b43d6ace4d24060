// Command mybinary is rubeola with one more component: Waning (waning.go),
// which any run file can list (`[[phases]] type = "Waning"`, see run.toml).
//
//	go run ./examples/mybinary run --config examples/mybinary/run.toml --out out
package main

import (
	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/model"
)

func main() {
	model.MustRegister(waningType)
	cli.Main()
}
