// Package tty answers whether an output stream is an interactive terminal,
// so progress bars are drawn for people and never into pipes, files or CI
// logs (issue 14).
package tty
