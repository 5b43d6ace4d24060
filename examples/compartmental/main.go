// Command compartmental runs the compartmental model (SEIR counts on daily
// ticks, the reference's CompartmentalModel) with its standard schedule for five years on 100
// synthetic towns and prints the yearly new cases (E → I) and the states at
// the end of each year.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// yearlyCases counts the E → I transitions of every day, read from the
// SEIR Infection's Incidence after it ran (it is placed after Infection).
type yearlyCases struct {
	infection *compartmental.Infection
	perYear   []int64
}

func (c *yearlyCases) Name() string { return "YearlyCases" }

func (c *yearlyCases) Initialize(m phases.Model) error {
	c.infection = m.GetInstance(systems.InfectionName)[0].(*compartmental.Infection)
	c.perYear = make([]int64, (m.Params().NumTicks+364)/365)
	return nil
}

func (c *yearlyCases) Step(_ phases.Model, tick int) error {
	for _, n := range c.infection.Incidence() {
		c.perYear[tick/365] += n
	}
	return nil
}

func run(out io.Writer) error {
	ctx := context.Background()
	scn, err := scenario.RandomN(100, 42, 0)
	if err != nil {
		return err
	}
	p := params.DefaultCompartmental() // the BiweeklyParams keys; ticks are days
	p.NumTicks = 5 * 365
	p.ShowProgress = false
	m, err := model.NewCompartmental(scn, p) // *model.Model
	if err != nil {
		return err
	}
	cases := &yearlyCases{}
	components := append(model.DefaultCompartmentalComponents(), func(phases.Model) (phases.Component, error) { return cases, nil })
	if err := m.SetComponents(components...); err != nil {
		return err
	}
	if err := m.Run(ctx); err != nil {
		return err
	}

	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
	fmt.Fprintf(out, "%s model: %d towns, %d days from %s, states %v\n", m.Type(), scn.Len(), m.Tick(),
		m.StartDate().Format("2006-01-02"), m.Patches().States())
	for y, n := range cases.perYear {
		day := 365*(y+1) - 1
		fmt.Fprintf(out, "year %d: %7d new cases; on %s S %8d  E %5d  I %5d  R %8d\n", y+1, n,
			m.TickDate(day).Format("2006-01-02"), tracker.Series("S")[day], tracker.Series("E")[day],
			tracker.Series("I")[day], tracker.Series("R")[day])
	}
	return nil
}
