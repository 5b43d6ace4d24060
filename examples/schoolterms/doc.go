// Command schoolterms turns a CSV of school term dates into the 26-value
// season table of the Infection phase and compares a run forced by it with
// a run without seasonality.
//
// Measles transmission rises when schools open and falls in the holidays
// (term-time forcing: Fine & Clarkson 1982, Int. J. Epidemiol. 11:5–14;
// Keeling, Rohani & Grenfell 2001, Physica D 148:317–335). The Infection
// phase multiplies β by s(t) = season_table[(t − season_start) mod 26] at
// tick t, so one table value per 14-day tick of the year.
//
// The mapping (season.go): tick k of the table covers days 14k … 14k+13 of
// the year that starts at the model's start_time (season_start = 0). Let
// f_k be the share of those 14 days that fall inside a term (terms.csv,
// embedded, one row per term: name, first day, last day). A day in term
// counts +1, a holiday −1, so x_k = 2·f_k − 1 ∈ [−1, 1], and
//
//	s_k = (1 + A·x_k) / mean_j(1 + A·x_j)
//
// with amplitude A in [0, 1]: values ≥ 0 and mean exactly 1 (up to
// rounding), so the yearly mean of β is unchanged and only its timing
// moves. 26 ticks are 364 days, so the calendar slips by a day (two in leap
// years) each year against the table; for runs of a few years that is
// negligible.
//
// The program prints the table (also as a run-file line, to paste into
// [[phases]] type = "Infection" with seasonality = 0), then runs the
// standard schedule on a 5 × 5 grid of towns twice with the same seed —
// Infection without seasonality, then with the table — and prints the
// infections of each year side by side.
//
// The built-in way: Infection's season = {type = "terms", amplitude = A,
// holidays = [["07-20", "09-05"], …]} (docs/transmission.md) takes the
// holidays as MM-DD intervals and averages He et al.'s daily term
// multiplier over each tick's calendar dates, so it follows the dates of
// every year, needs no table and works for any tick length. This program
// shows how a season table is built by hand, for the biweekly model.
package main
