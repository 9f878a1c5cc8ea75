"""Cards: the names a game's documents print (errata titles, list entries, names in
answers), and each card's timeline across every watched document, from the store."""
