// Package testkit holds helpers shared by rubeola's tests. It is internal:
// not part of the API.
package testkit
