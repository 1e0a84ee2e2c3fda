module diorama

go 1.26
