// Command rubeola runs spatial measles simulations with the biweekly model
// (14-day SIR ticks), the compartmental model (daily SEIR ticks) or the
// agent-based model (daily SEIR ticks, one agent per person), fits the
// compartmental model to case reports and builds scenarios from public
// data. It is package cli's command tree;
// see that package (or `rubeola --help`) for the commands.
package main

import "github.com/rubeola/rubeola/cli"

func main() { cli.Main() }
