package systems

import "github.com/rubeola/rubeola/rng"

// importAgents is ImportationPressure's step in the agent-based model: per
// patch, in patch order from the patch's block stream,
// k ~ Binomial(N_j, rate/ticks_per_year/1000) (N_j = S+E+I+R), and
// min(k, S_j) distinct random susceptibles exposed (S → E with a latent
// timer of the model's InfectionProcess), as the compartmental model's
// S → E importation.
func (c *ImportationPressure) importAgents(today int32) {
	for b := range c.blocks.NumBlocks() {
		lo, hi := c.blocks.Range(b)
		src := c.blocks.Stream(b)
		for j := lo; j < hi; j++ {
			n := c.s[j] + c.e[j] + c.i[j] + c.r[j]
			d := int64(0)
			if n > 0 && c.hazard[j] > 0 {
				d = min(rng.BinomialHazard(src, n, c.hazard[j]), c.s[j])
			}
			c.agents(j, d, today, src)
			c.imports[j] = d
		}
	}
}
