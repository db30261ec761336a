"""The PEN/AV rule set (Lead & Chrome, Armour and Penetration), a module per rule."""
