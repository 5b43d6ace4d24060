// Package archtest holds no code, only a test: every package of the module
// (go list ./...) has a row in docs/architecture.md, the map of the layers,
// and a package comment in a doc.go (a command, package main, may keep its
// comment in main.go). Run it with go test ./internal/archtest.
package archtest
