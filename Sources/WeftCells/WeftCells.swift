// Containers of cells: see the containers issue.
import WeftLayout
