module meshbench.local/realnode

go 1.23
